import { ComponentType, TextInputStyle } from "discord-api-types/v10";
import {
  characters,
  checkLength,
  checkRequired,
  createFormErrors,
  type FormErrors,
  LIMITS,
  type Path,
} from "./limits.ts";

/*
 * Modals as Discord takes them from a bot (an interaction callback of type 9) and as its client lets a member fill
 * them in. Sources: Receiving and Responding (the Modal callback data: custom_id 1-100, title at most 45, between 1
 * and 5 components; MODAL is refused for MODAL_SUBMIT and PING interactions) and the Component reference (Label,
 * Text Input, Text Display, Action Row; which components a modal takes; the interaction response structures a
 * MODAL_SUBMIT carries back). The sandbox models text inputs only: a select, a file upload or a checkbox in a modal
 * is refused with a note saying so, never accepted silently.
 */

/** A text input of a modal, as the member's client shows it and as its MODAL_SUBMIT names it. */
export type SandboxTextInput = {
  customId: string;
  style: TextInputStyle;
  /** The Label's text, or the input's own (deprecated) label inside an action row. */
  label: string;
  required: boolean;
  minLength: number;
  maxLength: number;
  /** Pre-filled text: what is submitted when the member types nothing. */
  value: string;
};

/** A top-level component of a modal with the ids Discord numbered it with. */
type Part =
  | { type: ComponentType.Label; id: number; input: SandboxTextInput; inputId: number }
  | { type: ComponentType.ActionRow; id: number; input: SandboxTextInput; inputId: number }
  | { type: ComponentType.TextDisplay; id: number };

/** A modal the bot showed a member: what the control API submits against. */
export type SandboxModal = {
  customId: string;
  title: string;
  parts: Part[];
  inputs: SandboxTextInput[];
  /** The callback data as the bot sent it (the control API shows it). */
  data: Record<string, unknown>;
};

const betweenLength = (min: number, max: number) => `Must be between ${min} and ${max} in length.`;

/** A string of `min` to `max` characters Discord requires (absent or null: required; out of range: bad length). */
function checkBetween(errors: FormErrors, path: Path, value: unknown, min: number, max: number): void {
  if (value === undefined || value === null) {
    errors.add(path, "BASE_TYPE_REQUIRED", "This field is required");
    return;
  }
  if (typeof value !== "string") {
    errors.add(path, "BASE_TYPE_STRING", "Must be a string.");
    return;
  }
  const length = characters(value);
  if (length < min || length > max) errors.add(path, "BASE_TYPE_BAD_LENGTH", betweenLength(min, max));
}

/** An optional whole number from `min` to `max`: the default when absent. */
function checkInteger(
  errors: FormErrors,
  path: Path,
  value: unknown,
  range: { min: number; max: number },
  fallback: number,
): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    errors.add(path, "NUMBER_TYPE_COERCE", `Value "${String(value)}" is not int.`);
    return fallback;
  }
  if (value < range.min) {
    errors.add(path, "NUMBER_TYPE_MIN", `int value should be greater than or equal to ${range.min}.`);
  } else if (value > range.max) {
    errors.add(path, "NUMBER_TYPE_MAX", `int value should be less than or equal to ${range.max}.`);
  }
  return value;
}

/** A text input's fields; `label`: the Label's text (or null inside an action row, where its own is required). */
function readTextInput(
  errors: FormErrors,
  path: Path,
  node: Record<string, unknown>,
  label: string | null,
): SandboxTextInput {
  checkBetween(errors, [...path, "custom_id"], node.custom_id, 1, LIMITS.customId);
  if (node.style !== TextInputStyle.Short && node.style !== TextInputStyle.Paragraph) {
    errors.add([...path, "style"], "BASE_TYPE_CHOICES", "Value must be one of (1, 2).");
  }
  const own = label === null ? checkRequired : checkLength;
  own(errors, [...path, "label"], node.label, LIMITS.labelText);
  const max = LIMITS.textInputLength;
  const minLength = checkInteger(errors, [...path, "min_length"], node.min_length, { min: 0, max }, 0);
  const maxLength = checkInteger(errors, [...path, "max_length"], node.max_length, { min: 1, max }, max);
  checkLength(errors, [...path, "value"], node.value, max);
  checkLength(errors, [...path, "placeholder"], node.placeholder, LIMITS.textInputPlaceholder);
  if (node.required !== undefined && node.required !== null && typeof node.required !== "boolean") {
    errors.add([...path, "required"], "BASE_TYPE_BOOLEAN", "Must be either true or false.");
  }
  return {
    customId: String(node.custom_id ?? ""),
    style: node.style as TextInputStyle,
    label: label ?? String(node.label ?? ""),
    required: node.required !== false,
    minLength,
    maxLength,
    value: typeof node.value === "string" ? node.value : "",
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The one text input a Label or an action row of a modal holds; null (and an error) for anything else. */
function readChild(
  errors: FormErrors,
  path: Path,
  child: unknown,
  label: string | null,
): SandboxTextInput | null {
  if (!isRecord(child)) {
    errors.add(path, "BASE_TYPE_REQUIRED", "This field is required");
    return null;
  }
  if (child.type !== ComponentType.TextInput) {
    errors.add(
      [...path, "type"],
      "SANDBOX_COMPONENT_NOT_MODELLED",
      `The sandbox models text inputs in modals only (got component type ${String(child.type)}).`,
    );
    return null;
  }
  return readTextInput(errors, path, child, label);
}

/**
 * Reads the data of a MODAL callback as Discord checks it: the modal, or the Invalid Form Body tree naming every
 * field Discord refuses (paths under `data`, as in the callback's body).
 */
export function readModal(data: Record<string, unknown>): SandboxModal | { errors: object } {
  const errors = createFormErrors();
  checkBetween(errors, ["data", "custom_id"], data.custom_id, 1, LIMITS.customId);
  checkRequired(errors, ["data", "title"], data.title, LIMITS.modalTitle);
  const components = Array.isArray(data.components) ? (data.components as unknown[]) : null;
  if (components === null) {
    errors.add(["data", "components"], "BASE_TYPE_REQUIRED", "This field is required");
  } else if (components.length < 1 || components.length > LIMITS.modalComponents) {
    errors.add(["data", "components"], "BASE_TYPE_BAD_LENGTH", betweenLength(1, LIMITS.modalComponents));
  }
  const read: {
    type: Part["type"];
    input?: SandboxTextInput;
    /** The ids the bot gave the part and its input, if any. */
    ids: [unknown, unknown];
  }[] = [];
  for (const [index, component] of (components ?? []).entries()) {
    const path: Path = ["data", "components", index];
    if (!isRecord(component)) {
      errors.add(path, "BASE_TYPE_REQUIRED", "This field is required");
      continue;
    }
    if (component.type === ComponentType.Label) {
      checkRequired(errors, [...path, "label"], component.label, LIMITS.labelText);
      checkLength(errors, [...path, "description"], component.description, LIMITS.labelDescription);
      const input = readChild(errors, [...path, "component"], component.component, String(component.label));
      const child = component.component as { id?: unknown } | undefined;
      if (input) read.push({ type: ComponentType.Label, input, ids: [component.id, child?.id] });
    } else if (component.type === ComponentType.ActionRow) {
      const children = Array.isArray(component.components) ? (component.components as unknown[]) : [];
      if (children.length !== 1) {
        errors.add([...path, "components"], "BASE_TYPE_BAD_LENGTH", betweenLength(1, 1));
        continue;
      }
      const input = readChild(errors, [...path, "components", 0], children[0], null);
      const child = children[0] as { id?: unknown };
      if (input) read.push({ type: ComponentType.ActionRow, input, ids: [component.id, child.id] });
    } else if (component.type === ComponentType.TextDisplay) {
      checkBetween(errors, [...path, "content"], component.content, 1, LIMITS.textInputLength);
      read.push({ type: ComponentType.TextDisplay, ids: [component.id, undefined] });
    } else {
      errors.add(
        [...path, "type"],
        "UNION_TYPE_CHOICES",
        `Value of field "type" must be one of (${ComponentType.ActionRow}, ${ComponentType.TextDisplay}, ${ComponentType.Label}).`,
      );
    }
  }
  const inputs = read.flatMap((part) => (part.input ? [part.input] : []));
  const seen = new Set<string>();
  for (const input of inputs) {
    if (seen.has(input.customId)) {
      errors.add(
        ["data", "components"],
        "COMPONENT_CUSTOM_ID_DUPLICATED",
        `Component custom id cannot be duplicated (${input.customId}).`,
      );
    }
    seen.add(input.customId);
  }
  const invalid = errors.tree();
  if (invalid) return { errors: invalid };
  // Discord keeps the ids the bot gave and numbers the others in order, depth first (a label, then its input),
  // skipping ids taken.
  const taken = new Set(
    read.flatMap((part) => part.ids.filter((id): id is number => typeof id === "number")),
  );
  let next = 1;
  const idOf = (given: unknown) => {
    if (typeof given === "number" && given !== 0) return given;
    while (taken.has(next)) next++;
    return next++;
  };
  const parts = read.map((part): Part => {
    const id = idOf(part.ids[0]);
    if (part.type === ComponentType.TextDisplay) return { type: part.type, id };
    return { type: part.type, id, input: part.input as SandboxTextInput, inputId: idOf(part.ids[1]) };
  });
  return { customId: String(data.custom_id), title: String(data.title), parts, inputs, data };
}

/**
 * What a member's client lets them submit: a value for each text input (absent: the pre-filled one), within its
 * length and non-empty where required. Throws (for the control API to answer 400) naming the first input refused.
 */
export function submittedValues(modal: SandboxModal, given: Record<string, unknown>): Map<string, string> {
  const byId = new Map(modal.inputs.map((input) => [input.customId, input]));
  const unknown = Object.keys(given).find((customId) => !byId.has(customId));
  if (unknown !== undefined) {
    throw new RangeError(`the modal ${modal.customId} has no text input ${unknown}`);
  }
  const values = new Map<string, string>();
  for (const input of modal.inputs) {
    const value = given[input.customId] ?? input.value;
    if (typeof value !== "string") throw new RangeError(`the value of ${input.customId} must be a string`);
    const length = characters(value);
    const where = `text input ${input.customId} (“${input.label}”)`;
    if (input.required && value.trim() === "") throw new RangeError(`${where} is required`);
    if (length > 0 && length < input.minLength) {
      throw new RangeError(
        `${where} takes at least ${input.minLength} characters (min_length), got ${length}`,
      );
    }
    if (length > input.maxLength) {
      throw new RangeError(
        `${where} takes at most ${input.maxLength} characters (max_length), got ${length}`,
      );
    }
    values.set(input.customId, value);
  }
  return values;
}

/** The `data.components` of the MODAL_SUBMIT, as Discord sends them: each part with its id and its input's value. */
export function submittedComponents(modal: SandboxModal, values: Map<string, string>): unknown[] {
  const answer = (input: SandboxTextInput, id: number) => ({
    type: ComponentType.TextInput,
    id,
    custom_id: input.customId,
    value: values.get(input.customId) ?? "",
  });
  return modal.parts.map((part) => {
    if (part.type === ComponentType.TextDisplay) return { type: part.type, id: part.id };
    if (part.type === ComponentType.Label) {
      return { type: part.type, id: part.id, component: answer(part.input, part.inputId) };
    }
    return { type: part.type, id: part.id, components: [answer(part.input, part.inputId)] };
  });
}
