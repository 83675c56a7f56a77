import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { admins } from "../db/schema";
import { hashPassword } from "../modules/auth/passwords";

/** The staff account tests sign in as; made through setup when the app has no admin yet. */
export const TEST_ADMIN = {
  email: "staff@pocketwise.test",
  password: "staff password 1",
  firstName: "Sam",
  lastName: "Staff",
} as const;

/** An address no test counts failures against, so a test's locked-out address never blocks this. */
const ADMIN_TEST_ADDRESS = "10.250.250.250";

/**
 * Signs in as staff and answers the token and the header to send it in. Runs the first-admin setup
 * when the app has no admin; when a test made a different admin first, adds the test admin beside it.
 * Signs in afresh each time, since a test may have moved the clock past an earlier token's expiry.
 */
export async function signInAdmin(app: FastifyInstance): Promise<{ token: string; authorization: string }> {
  const { db } = app.database;
  const [admin] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email));
  if (!admin) {
    const [existing] = await db.select({ n: count() }).from(admins);
    const setup = existing?.n
      ? null
      : await app.inject({
          method: "POST",
          url: "/api/admin/setup",
          payload: TEST_ADMIN,
          remoteAddress: ADMIN_TEST_ADDRESS,
        });
    // 403: a parallel call (or the test itself) made the first admin in the meantime.
    if (!setup || setup.statusCode === 403) {
      const { password, ...names } = TEST_ADMIN;
      await db
        .insert(admins)
        .values({ ...names, passwordHash: await hashPassword(password) })
        .onConflictDoNothing();
    } else if (setup.statusCode !== 201) {
      throw new Error(`admin setup failed: ${setup.statusCode} ${setup.body}`);
    }
  }
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { email: TEST_ADMIN.email, password: TEST_ADMIN.password },
    remoteAddress: ADMIN_TEST_ADDRESS,
  });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
  const { token } = res.json() as { token: string };
  return { token, authorization: `Bearer ${token}` };
}
