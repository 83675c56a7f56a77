import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { LoginRedirectQuerySchema, LoginSchema, SignupSchema, UserSchema } from "../../../shared/schemas/auth";
import { ErrorSchema } from "../../../shared/schemas/common";
import { users } from "../../db/schema";
import { conflict, HttpError, unauthorized } from "../../lib/http-errors";
import { SIGNUPS_PER_HOUR } from "../../plugins/rate-limits";
import type { Oidc } from "./oidc";
import { hashPassword, verifyPassword } from "./passwords";
import { findUserByEmail, findUserById, insertUser, toUser } from "./users.repository";

const TOO_MANY_SIGN_INS = "Too many failed sign-in attempts.";

/** Only same-site paths may be returned to, so /api/login cannot be used as an open redirect. */
export function safeReturnTo(value: string | undefined): string {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/";
  // Browsers drop tabs and newlines and read "\" as "/", so "/\t/evil.com" would leave the site:
  // refuse control characters and backslashes outright, then let the URL parser normalise the rest.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return "/";
  const base = "http://pocketwise.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return "/";
  }
  if (url.origin !== base) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Normalising can itself make a scheme-relative address: "/.//evil.com" becomes "//evil.com".
  return path.startsWith("//") ? "/" : path;
}

/** A new account's referral is recorded by the referrals module, which app.ts hands in (decision 151). */
export type AttributeSignup = (req: FastifyRequest, userId: string) => Promise<void>;

export default async function authRoutes(
  app: FastifyInstance,
  opts: { oidc: Oidc | null; appOrigin?: string | null; attributeSignup: AttributeSignup },
) {
  // The provider must see the public address it has registered: APP_ORIGIN when set (behind a proxy
  // that terminates TLS or rewrites Host), otherwise the address the request came to.
  const callbackUrl = (req: FastifyRequest) => `${opts.appOrigin ?? `${req.protocol}://${req.host}`}/api/callback`;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  r.post(
    "/api/auth/signup",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Create a parent account and sign in",
        body: SignupSchema,
        response: { 201: UserSchema, 400: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      // Every attempt counts, a duplicate e-mail included: 409s would otherwise list who has an account.
      await app.rateLimiter.reserve(
        [`signup:ip:${req.ip}`],
        SIGNUPS_PER_HOUR,
        60 * 60 * 1000,
        "Too many sign-ups from this address.",
      );
      const { email, password, firstName, lastName } = req.body;
      if (await findUserByEmail(db, email)) throw conflict("An account with this e-mail already exists");
      const passwordHash = await hashPassword(password);
      const now = app.now();
      const row = await insertUser(db, {
        email,
        passwordHash,
        firstName,
        lastName,
        lastResetDate: now,
        createdAt: now,
        updatedAt: now,
      });
      if (!row) throw conflict("An account with this e-mail already exists");
      await req.startSession(reply, { kind: "parent", userId: row.id });
      await opts.attributeSignup(req, row.id);
      // docs/product-contract.md "Deciding from anywhere": user.signup starts the welcome sequence.
      await app.automations.startFor("user.signup", row.id);
      return reply.status(201).send(toUser(row));
    },
  );

  r.post(
    "/api/auth/login",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Sign in with e-mail and password",
        body: LoginSchema,
        response: { 200: UserSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (req, reply) => {
      const email = req.body.email.toLowerCase();
      // Counted before the password is checked so parallel guesses cannot all slip under the limit;
      // a successful sign-in takes its count back (docs/product-contract.md "Accounts and sessions (parents)": successes do not count) and makes
      // the address a known one for the account (docs/decisions/121).
      const succeeded = await app.rateLimiter.reserveSignIn("login", email, req.ip, TOO_MANY_SIGN_INS);
      const row = await findUserByEmail(db, email);
      if (!(await verifyPassword(row?.passwordHash ?? null, req.body.password)) || !row) {
        throw new HttpError(401, "Invalid email or password");
      }
      await succeeded();
      await req.startSession(reply, { kind: "parent", userId: row.id });
      return toUser(row);
    },
  );

  r.get(
    "/api/auth/user",
    {
      config: { access: "child" },
      schema: {
        tags: ["auth"],
        summary: "The signed-in parent",
        response: { 200: UserSchema, 401: ErrorSchema },
      },
    },
    async (req) => {
      if (req.session?.kind !== "parent" || !req.guardian) throw unauthorized();
      const row = await findUserById(db, req.guardian.userId);
      if (!row) throw unauthorized();
      // The plan is the family's, kept on its owner's account (docs/decisions/130).
      const family = req.guardian.familyId === row.id ? row : await findUserById(db, req.guardian.familyId);
      return { ...toUser(row), subscriptionTier: toUser(family ?? row).subscriptionTier };
    },
  );

  r.get(
    "/api/login",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Send the browser to the sign-in screen or the OpenID Connect provider",
        querystring: LoginRedirectQuerySchema,
      },
    },
    async (req, reply) => {
      const returnTo = safeReturnTo(req.query.returnTo);
      if (!opts.oidc) {
        const params = new URLSearchParams({ mode: req.query.mode ?? "login", returnTo });
        return reply.redirect(`/signin?${params}`);
      }
      let started: Awaited<ReturnType<Oidc["start"]>>;
      try {
        started = await opts.oidc.start(callbackUrl(req), req.query.mode);
      } catch (err) {
        // The provider is unreachable or misconfigured: a browser navigation deserves a screen, not JSON.
        req.log.error({ err }, "OpenID Connect provider unavailable");
        return reply.redirect("/signin?error=provider");
      }
      const { url, codeVerifier, state } = started;
      await req.startSession(reply, { kind: "anonymous", oidc: { codeVerifier, state, returnTo } });
      return reply.redirect(url);
    },
  );

  if (opts.oidc) {
    const oidc = opts.oidc;
    r.get("/api/callback", { config: { access: "public" }, schema: { hide: true } }, async (req, reply) => {
      const pending = req.session?.kind === "anonymous" ? req.session.oidc : undefined;
      if (!pending) return reply.redirect("/api/login");
      let userId: string;
      try {
        const profile = await oidc.finish(new URL(req.url, callbackUrl(req)), pending);
        userId = await upsertOidcUser(app, profile, (id) => opts.attributeSignup(req, id));
      } catch (err) {
        req.log.warn({ err }, "OpenID Connect sign-in failed");
        await req.endSession(reply);
        return reply.redirect("/signin?error=provider");
      }
      await req.startSession(reply, { kind: "parent", userId });
      return reply.redirect(pending.returnTo);
    });
  }

  const logoutHandler = (redirect: boolean) => async (req: FastifyRequest, reply: FastifyReply) => {
    await req.endSession(reply);
    return redirect ? reply.redirect("/") : reply.status(204).send(null);
  };
  r.get(
    "/api/logout",
    { config: { access: "public" }, schema: { tags: ["auth"], summary: "Sign out and go home" } },
    logoutHandler(true),
  );
  r.post(
    "/api/logout",
    { config: { access: "public" }, schema: { tags: ["auth"], summary: "Sign out", response: { 204: z.null() } } },
    logoutHandler(false),
  );
}

async function upsertOidcUser(
  app: FastifyInstance,
  p: Awaited<ReturnType<Oidc["finish"]>>,
  attributeSignup: (userId: string) => Promise<void>,
): Promise<string> {
  const { db } = app.database;
  const [bySubject] = await db.select().from(users).where(eq(users.oidcSubject, p.subject));
  const now = app.now();
  const profile = { firstName: p.firstName, lastName: p.lastName, profileImageUrl: p.profileImageUrl, updatedAt: now };
  if (bySubject) {
    await db.update(users).set(profile).where(eq(users.id, bySubject.id));
    return bySubject.id;
  }
  const byEmail = await findUserByEmail(db, p.email);
  if (byEmail) {
    // Anyone can claim an address they do not own at some providers: joining an unverified address
    // to an existing account would hand that account over.
    if (!p.emailVerified) throw new Error("The provider's e-mail address is unverified and belongs to an account");
    await db
      .update(users)
      .set({ ...profile, oidcSubject: p.subject })
      .where(eq(users.id, byEmail.id));
    return byEmail.id;
  }
  const row = await insertUser(db, {
    email: p.email,
    oidcSubject: p.subject,
    ...profile,
    lastResetDate: now,
    createdAt: now,
  });
  if (!row) throw conflict("An account with this e-mail already exists");
  // A first sign-in through the provider is a sign-up: it counts for a referral and starts the welcome sequence too.
  await attributeSignup(row.id);
  await app.automations.startFor("user.signup", row.id);
  return row.id;
}
