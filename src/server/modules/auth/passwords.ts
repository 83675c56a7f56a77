import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's parameters (m=19 MiB, t=2, p=1). algorithm 2 = Argon2id; the const enum is not importable.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Verify against a throwaway hash when there is none so timing does not reveal which e-mails exist.
  const target = passwordHash ?? (await dummyHash);
  try {
    return (await verify(target, password)) && passwordHash !== null;
  } catch {
    return false;
  }
}

const dummyHash = hash("not a real password", OPTIONS);
