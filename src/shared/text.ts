/**
 * Someone's input echoed in a message: at most `max` characters (an ellipsis says more was cut), so a pasted
 * essay never makes an answer too long to send (Discord refuses over 2,000 and the member would see nothing).
 */
export function clip(input: string, max = 40): string {
  const chars = [...input];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : input;
}
