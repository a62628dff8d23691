"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { createUserAction } from "@/app/admin/actions";
import { setupAdminAction } from "@/app/setup/actions";
import { callAction } from "@/components/call-action";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ROLES, type Role } from "@/lib/accounts/schema";
import { FormError } from "@/components/ui/form-error";
import { signIn } from "@/components/auth/sign-in";

/**
 * A new account: the first admin on /setup (signed in at once), or someone an admin adds on /admin with a role
 * and an initial password to pass on.
 */
export function UserForm({ purpose }: { purpose: "setup" | "admin" }) {
  const router = useRouter();
  const [error, setError] = useState<{ message: string; fields: Record<string, string[]> } | null>(null);
  const [busy, startTransition] = useTransition();
  const [formKey, setFormKey] = useState(0);

  function submit(form: FormData) {
    const input = {
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    };
    setError(null);
    startTransition(async () => {
      const result = await callAction(() =>
        purpose === "setup"
          ? setupAdminAction(input)
          : createUserAction({ ...input, role: String(form.get("role")) as Role }),
      );
      if (!result.ok) {
        setError({ message: result.message, fields: result.fieldErrors ?? {} });
      } else if (purpose === "setup") {
        // The new admin is signed in with what they just typed: no second form to fill in.
        if ((await signIn(input.email, input.password)) === "ok") {
          toast.success(`Welcome, ${input.name}: you are the admin. Add your team under Users and tokens.`);
          router.replace("/");
        } else {
          toast.success("Admin created: sign in with that email and password");
          router.replace("/login");
        }
        router.refresh();
      } else {
        toast.success(`Account created for ${input.email}`);
        setFormKey((k) => k + 1);
        router.refresh();
      }
    });
  }
  const id = (name: string) => `${purpose}-user-${name}`;
  const fieldError = (name: string) =>
    error?.fields[name]?.length ? <p className="text-sm text-danger">{error.fields[name]?.join(" ")}</p> : null;

  return (
    <form
      key={formKey}
      aria-label={purpose === "setup" ? "Create the admin" : "Add a user"}
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit(new FormData(e.currentTarget));
      }}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor={id("name")}>Name</Label>
        <Input id={id("name")} name="name" required maxLength={100} />
        {fieldError("name")}
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={id("email")}>Email</Label>
        <Input id={id("email")} name="email" type="email" required autoComplete="off" />
        {fieldError("email")}
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={id("password")}>{purpose === "setup" ? "Password" : "Initial password"}</Label>
        <Input
          id={id("password")}
          name="password"
          type="password"
          required
          minLength={10}
          autoComplete="new-password"
        />
        {fieldError("password")}
      </div>
      {purpose === "admin" ? (
        <div className="flex flex-col gap-1">
          <Label htmlFor={id("role")}>Role</Label>
          <select
            id={id("role")}
            name="role"
            defaultValue="viewer"
            className="h-9 rounded-md border border-border px-2"
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <FormError message={error?.message} />
      <Button type="submit" disabled={busy}>
        {purpose === "setup" ? "Create the admin" : "Add user"}
      </Button>
    </form>
  );
}
