/** The name the family knows an adult by, or their address while they have not given one. */
export const guardianName = (g: { firstName: string | null; lastName: string | null; email: string }) =>
  [g.firstName, g.lastName].filter(Boolean).join(" ") || g.email;
