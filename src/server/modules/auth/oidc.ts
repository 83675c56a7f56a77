import * as client from "openid-client";

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface OidcProfile {
  subject: string;
  email: string;
  /** Only a verified address may be joined to an existing account with that address. */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/** Authorization Code with PKCE against the configured OpenID Connect provider. */
export function createOidc(settings: OidcSettings) {
  let configuration: Promise<client.Configuration> | null = null;
  const insecure = new URL(settings.issuerUrl).protocol === "http:";

  function config() {
    configuration ??= client
      .discovery(
        new URL(settings.issuerUrl),
        settings.clientId,
        settings.clientSecret,
        undefined,
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((err) => {
        configuration = null;
        throw err;
      });
    return configuration;
  }

  return {
    async start(redirectUri: string, mode: "signup" | "login" | undefined) {
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const params: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state,
      };
      if (mode === "signup") params.prompt = "login";
      const url = client.buildAuthorizationUrl(await config(), params);
      return { url: url.href, codeVerifier, state };
    },

    async finish(currentUrl: URL, checks: { codeVerifier: string; state: string }): Promise<OidcProfile> {
      const tokens = await client.authorizationCodeGrant(await config(), currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error("The provider sent no subject");
      let info: Record<string, unknown> = claims;
      if (!claims.email && tokens.access_token) {
        info = { ...claims, ...(await client.fetchUserInfo(await config(), tokens.access_token, claims.sub)) };
      }
      const email = typeof info.email === "string" ? info.email.toLowerCase() : null;
      if (!email) throw new Error("The provider sent no e-mail address");
      const str = (v: unknown) => (typeof v === "string" && v ? v : null);
      return {
        subject: claims.sub,
        email,
        // Some providers send the flag as the string "true".
        emailVerified: info.email_verified === true || info.email_verified === "true",
        firstName: str(info.given_name),
        lastName: str(info.family_name),
        profileImageUrl: str(info.picture),
      };
    },
  };
}

export type Oidc = ReturnType<typeof createOidc>;
