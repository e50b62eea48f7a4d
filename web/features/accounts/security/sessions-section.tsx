/** Your sessions (docs/decisions/0072): filled in below. */
export function SessionsSection() {
  return null;
}
