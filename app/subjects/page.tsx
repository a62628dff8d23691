import type { Metadata } from "next";
import Link from "next/link";
import { requireSpacePage } from "@/app/access";
import { Card, PageHeader } from "@/components/ui/card";
import { getDb } from "@/lib/db/client";
import { listSubjects } from "@/lib/db/forget";
import { factSearch } from "@/lib/facts/query";
import { DEFAULT_SPACE_SLUG } from "@/lib/spaces/schema";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Subjects" };

/** Whom the space's facts are about (an agent's end users), each with its facts and the way to forget them. */
export default async function SubjectsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { viewer, space } = await requireSpacePage("read", (await searchParams).space);
  const subjects = await listSubjects({ db: await getDb(), spaceId: space.id });
  const inSpace = space.slug === DEFAULT_SPACE_SLUG ? undefined : space.slug;
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="Subjects"
        description={
          "Whom the facts are about: a source sent with a subject (the ingest form's “About”, the API's and MCP's " +
          "`subject`) gives it to its facts."
        }
      />
      {subjects.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No source or fact here names a subject yet. An agent keeping memory for many people sends each one&apos;s
          conversations with their name as the subject, and finds and forgets them by it.
        </p>
      ) : (
        <Card>
          <table className="w-full text-left text-sm" aria-label="Subjects">
            <thead>
              <tr className="text-muted-foreground">
                <th className="py-1 font-medium">Subject</th>
                <th className="font-medium">Active facts</th>
                <th className="font-medium">Sources</th>
                <th className="font-medium">
                  <span className="sr-only">Forget</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {subjects.map((s) => (
                <tr key={s.subject} className="border-t border-border">
                  <td className="py-1.5">
                    <Link
                      className="font-medium underline-offset-2 hover:underline"
                      href={`/facts${factSearch({ space: inSpace, subject: s.subject })}`}
                    >
                      {s.subject}
                    </Link>
                  </td>
                  <td>{s.facts.toLocaleString("en")}</td>
                  <td>{s.sources.toLocaleString("en")}</td>
                  <td className="text-right">
                    {viewer.allows.includes("review") ? (
                      <Link
                        className="text-danger underline-offset-2 hover:underline"
                        href={`/subjects/forget${factSearch({ space: inSpace, subject: s.subject })}`}
                        aria-label={`Forget ${s.subject}`}
                      >
                        Forget…
                      </Link>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </div>
  );
}
