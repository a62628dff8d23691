import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

// The shared look is the `badge` class (app/globals.css): a review card carries three badges.
const badgeVariants = cva("badge", {
  variants: {
    tone: {
      neutral: "badge-neutral",
      primary: "bg-accent text-primary",
      // Text darker than the tone itself: small text on a tinted background needs 4.5:1 (WCAG AA).
      success: "bg-success/15 text-[oklch(0.4_0.12_150)]",
      warning: "bg-warning/20 text-[oklch(0.45_0.12_70)]",
      danger: "bg-danger/15 text-[oklch(0.45_0.2_25)]",
    },
  },
  defaultVariants: { tone: "neutral" },
});

export function Badge({ className, tone, ...props }: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ tone }), className)} {...props} />;
}
