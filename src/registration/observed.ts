import { DomainError } from "../shared/errors.ts";
import type { Observer, RegistrationKind, RegistrationOutcome } from "../shared/observer.ts";

/** Runs a registration step and tells the observer how it ended: `success` when it returned. */
export type Observed = <T>(
  kind: RegistrationKind,
  success: RegistrationOutcome,
  step: () => Promise<T>,
) => Promise<T>;

/** The `observed` of an observer: what the metrics count of registrations (docs/operations.md, Metrics). */
export function observedBy(observer: Observer): Observed {
  return async (kind, success, step) => {
    try {
      const value = await step();
      observer.registration(kind, success);
      return value;
    } catch (error) {
      observer.registration(kind, registrationFailure(error));
      throw error;
    }
  };
}

/** How a failed registration ended, as the metrics count it. */
function registrationFailure(error: unknown): RegistrationOutcome {
  if (!(error instanceof DomainError)) return "failed";
  return UNAVAILABLE.has(error.code) ? "unavailable" : "refused";
}

/** Refusals that say "try again later" rather than "no": an outside service or the store could not answer. */
const UNAVAILABLE = new Set<string>(["mojang-unavailable", "geyser-unavailable", "store-unavailable"]);
