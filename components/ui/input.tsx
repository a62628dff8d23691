import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

// The shared look is the `input` class (app/globals.css).
const fieldClass = "input";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(fieldClass, "h-9", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(fieldClass, "min-h-32 font-mono", className)} {...props} />;
}
