import Link from "next/link";

/** "1–50 of 1,284" with the previous and next pages as links (server component: `href` is a function). */
export function Pagination({
  page,
  size,
  total,
  href,
}: {
  page: number;
  size: number;
  total: number;
  href: (page: number) => string;
}) {
  if (total === 0) return null;
  const first = (page - 1) * size + 1;
  const last = Math.min(total, page * size);
  const pages = Math.max(1, Math.ceil(total / size));
  const link = (to: number, label: string, rel: "prev" | "next") =>
    to >= 1 && to <= pages && to !== page ? (
      <Link rel={rel} href={href(to)} className="text-primary underline-offset-2 hover:underline">
        {label}
      </Link>
    ) : (
      <span className="text-muted-foreground" aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav aria-label="Pages" className="my-3 flex items-center justify-between text-sm">
      <span aria-live="polite">
        {first > total
          ? `Page ${page} is past the end`
          : `${first.toLocaleString("en")}–${last.toLocaleString("en")} of ${total.toLocaleString("en")}`}
      </span>
      <span className="flex gap-4">
        {link(page - 1, "← Previous", "prev")}
        {link(page + 1, "Next →", "next")}
      </span>
    </nav>
  );
}
