"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { FormError } from "@/components/ui/form-error";
import { signIn, type SignInResult } from "@/components/auth/sign-in";

const SIGN_IN_ERROR: Record<Exclude<SignInResult, "ok">, string> = {
  wrong: "That email and password do not match an account.",
  limited: "Too many attempts: wait a minute and try again.",
  unreachable: "Sift could not be reached. Try again.",
};

/** Email and password; a good pair signs in (components/auth/sign-in.ts) and opens the dashboard. */
export function LoginForm() {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(form: FormData) {
    setBusy(true);
    setError(null);
    const result = await signIn(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
    setBusy(false);
    if (result === "ok") {
      router.replace("/");
      router.refresh();
    } else {
      setError(SIGN_IN_ERROR[result]);
    }
  }

  return (
    <form
      aria-label="Sign in"
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(new FormData(e.currentTarget));
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
