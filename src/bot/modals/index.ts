import type { ModalHandler } from "../interactions.ts";
import { form } from "./form.ts";

/** Every modal submission handler, listed by import (the compiled binary bundles only what is imported). */
export const modals: ModalHandler[] = [form];
