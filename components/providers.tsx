"use client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Toaster } from "sonner";

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 2_000, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
      {children}
      {/* Bottom right, a card's content at most two lines: the review queue keeps the selected card (and its
          quote) above this corner (scroll-margin), so a toast never covers what is being reviewed. */}
      <Toaster
        richColors
        position="bottom-right"
        closeButton
        toastOptions={{ classNames: { description: "line-clamp-2" } }}
      />
    </QueryClientProvider>
  );
}
