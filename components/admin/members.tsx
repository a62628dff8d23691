"use client";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { removeMemberAction, setMemberAction } from "@/app/members/actions";
import { callAction } from "@/components/call-action";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { Label } from "@/components/ui/label";
import { ROLES, type Role } from "@/lib/accounts/schema";
import type { ActionResult } from "@/lib/errors";

interface Member {
  reviewerId: string;
  name: string;
  email: string | null;
  role: Role;
}

const selectClass = "h-9 rounded-md border border-border bg-white px-2 text-sm";

/** A space's members with their roles (changed in place), removal, and adding someone who has an account. */
export function MembersPanel({
  space,
  members,
  addable,
  instanceAdmins,
}: {
  /** The space's slug (null for the default space, whose links carry none). */
  space: string | null;
  members: Member[];
  addable: Array<{ reviewerId: string; name: string; email: string | null }>;
  instanceAdmins: string[];
}) {
  const router = useRouter();
  const [busy, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const inSpace = space ? { space } : {};

  function run<T>(call: () => Promise<ActionResult<T>>, done: string) {
    setError(null);
    startTransition(async () => {
      const result = await callAction(call);
      if (!result.ok) return setError(result.message);
      toast.success(done);
      router.refresh();
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <table className="w-full text-left text-sm" aria-label="Members">
        <thead>
          <tr className="text-muted-foreground">
            <th className="py-1 font-medium">Person</th>
            <th className="font-medium">Role here</th>
            <th className="font-medium">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.reviewerId} className="border-t border-border">
              <td className="py-1.5">
                <span className="font-medium">{m.name}</span> <span className="text-muted-foreground">{m.email}</span>
              </td>
              <td>
                <select
                  aria-label={`Role of ${m.name}`}
                  className={selectClass}
                  value={m.role}
                  disabled={busy}
                  onChange={(e) => {
                    const role = e.target.value as Role;
                    run(
                      () => setMemberAction({ reviewerId: m.reviewerId, role, ...inSpace }),
                      `${m.name} is a ${role} now`,
                    );
                  }}
                >
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              </td>
              <td className="text-right">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  aria-label={`Remove ${m.name}`}
                  onClick={() =>
                    run(() => removeMemberAction({ reviewerId: m.reviewerId, ...inSpace }), `${m.name} was removed`)
                  }
                >
                  Remove
                </Button>
              </td>
            </tr>
          ))}
          {instanceAdmins.map((name) => (
            <tr key={`admin-${name}`} className="border-t border-border text-muted-foreground">
              <td className="py-1.5">{name}</td>
              <td colSpan={2}>admin of every space (instance admin)</td>
            </tr>
          ))}
        </tbody>
      </table>
      {members.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody but the instance admins yet.</p>
      ) : null}
      {addable.length > 0 ? (
        <form
          aria-label="Add a member"
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            const reviewerId = String(data.get("reviewerId") ?? "");
            const role = String(data.get("role") ?? "viewer") as Role;
            const name = addable.find((a) => a.reviewerId === reviewerId)?.name ?? "They";
            run(() => setMemberAction({ reviewerId, role, ...inSpace }), `${name} was added as a ${role}`);
          }}
        >
          <div className="flex flex-col gap-1">
            <Label htmlFor="member-person">Person</Label>
            <select id="member-person" name="reviewerId" className={selectClass} required>
              {addable.map((a) => (
                <option key={a.reviewerId} value={a.reviewerId}>
                  {a.name} {a.email ? `(${a.email})` : ""}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="member-role">Role</Label>
            <select id="member-role" name="role" className={selectClass} defaultValue="viewer">
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={busy}>
            Add member
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">Everyone with an account is a member already.</p>
      )}
      <FormError message={error} />
    </div>
  );
}
