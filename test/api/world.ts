import { seedKey, testApi, testServices } from "../helpers/services.ts";

/** Fresh test services, the API app over them and the plaintext of a guild-wide key of `guildId`. */
export async function apiWorld(guildId: string) {
  const services = testServices();
  const app = testApi(services);
  const key = (await seedKey(services, guildId)).plaintext;
  return { services, app, key };
}
