/** How a sign-in ended, as the forms word it. */
export type SignInResult = "ok" | "wrong" | "limited" | "unreachable";

/**
 * Email and password to Better Auth's sign-in endpoint (/api/auth/sign-in/email), which sets the session
 * cookie. Plain fetch: the library's client would add nothing here but bundle size.
 */
export async function signIn(email: string, password: string): Promise<SignInResult> {
  const response = await fetch("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  }).catch(() => null);
  if (response?.ok) return "ok";
  if (response && (response.status === 401 || response.status === 400)) return "wrong";
  if (response?.status === 429) return "limited";
  return "unreachable";
}
