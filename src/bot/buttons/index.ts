import type { ButtonHandler } from "../interactions.ts";
import { approval } from "./approval.ts";

/** Every button handler, listed by import (the compiled binary bundles only what is imported). */
export const buttons: ButtonHandler[] = [approval];
