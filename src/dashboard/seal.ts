// Sealing what the dashboard keeps outside its own memory (docs/decisions.md, The dashboard): the sign-in's state
// and PKCE verifier in a short cookie, Discord's tokens in the sessions table. AES-256-GCM with a key derived
// (HKDF-SHA-256) from the client secret, so every replica opens what another sealed, and a database or a cookie
// alone reveals nothing. Each use is bound by its purpose (GCM's additional data): a sealed token never opens as
// a sign-in state.

const encoder = new TextEncoder();

/** What a sealed value is for; a value sealed for one never opens as another. */
export type SealPurpose = "sign-in" | "discord-tokens";

/** Seals and opens short texts with the dashboard's key. */
export type Sealer = {
  seal(purpose: SealPurpose, value: string): Promise<string>;
  /** The value, or null when it was not sealed with this key for this purpose (forged, cut, another secret). */
  open(purpose: SealPurpose, sealed: string): Promise<string | null>;
};

/** The sealer of the application whose client secret is `secret`. */
export async function createSealer(secret: string): Promise<Sealer> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  const key = await crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: encoder.encode("whitelist-sync dashboard"),
      info: encoder.encode("sealing v1"),
    },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
  return {
    async seal(purpose, value) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = await crypto.subtle.encrypt(
        { name: "AES-GCM", iv, additionalData: encoder.encode(purpose) },
        key,
        encoder.encode(value),
      );
      return `${Buffer.from(iv).toString("base64url")}.${Buffer.from(sealed).toString("base64url")}`;
    },
    async open(purpose, sealed) {
      const [iv, body] = sealed.split(".");
      if (!iv || !body) return null;
      try {
        const opened = await crypto.subtle.decrypt(
          { name: "AES-GCM", iv: Buffer.from(iv, "base64url"), additionalData: encoder.encode(purpose) },
          key,
          Buffer.from(body, "base64url"),
        );
        return new TextDecoder().decode(opened);
      } catch {
        return null;
      }
    },
  };
}
