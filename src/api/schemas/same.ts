/**
 * True when `A` and `B` are the same type, else false: a schema here is checked against the model's plain type it
 * describes (`true satisfies Same<Static<typeof Schema>, Model>`), so the two cannot drift apart unnoticed.
 */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
