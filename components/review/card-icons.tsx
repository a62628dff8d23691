import { Check, GitMerge, Link2, Pencil, Replace, TriangleAlert, X, type LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";

const ICONS = {
  check: Check,
  merge: GitMerge,
  link: Link2,
  pencil: Pencil,
  replace: Replace,
  alert: TriangleAlert,
  x: X,
} satisfies Record<string, LucideIcon>;
type CardIconName = keyof typeof ICONS;

/**
 * The cards' icons, drawn once for the queue: each card refers to them (`<use>`) instead of carrying its own
 * copies of the paths, about 2 kB less per card in the page and in every decision's answer (issue 28).
 */
export function CardIconSprite() {
  return (
    <svg aria-hidden width="0" height="0" className="absolute">
      {Object.entries(ICONS).map(([name, Icon]) => (
        <symbol key={name} id={`card-icon-${name}`} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/**
 * One of the sprite's icons, decorative (the text beside it names the action). It needs no viewBox of its own: the
 * symbol's is drawn to the icon's size.
 */
export function CardIcon({ name, className }: { name: CardIconName; className?: string }) {
  return (
    <svg aria-hidden className={cn("icon", className)}>
      <use href={`#card-icon-${name}`} />
    </svg>
  );
}
