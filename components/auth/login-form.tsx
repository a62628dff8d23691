"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FormError } from "@/components/ui/form-error";

/**
 * Email and password to Better Auth's sign-in endpoint (/api/auth/sign-in/email), which sets the session
 * cookie. Plain fetch: the library's client would add nothing here but bundle size.
 */
export function LoginForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function signIn(form: FormData) {
    setBusy(true);
    setError(null);
    const response = await fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: form.get("email"), password: form.get("password") }),
    }).catch(() => null);
    setBusy(false);
    if (response?.ok) {
      router.replace("/");
      router.refresh();
    } else if (response && (response.status === 401 || response.status === 400)) {
      setError("That email and password do not match an account.");
    } else if (response?.status === 429) {
      setError("Too many attempts: wait a minute and try again.");
    } else {
      setError("Sift could not be reached. Try again.");
    }
  }

  return (
    <form
      aria-label="Sign in"
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void signIn(new FormData(e.currentTarget));
      }}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor="login-email">Email</Label>
        <Input id="login-email" name="email" type="email" autoComplete="username" required />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="login-password">Password</Label>
        <Input id="login-password" name="password" type="password" autoComplete="current-password" required />
      </div>
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        Sign in
      </Button>
    </form>
  );
}
