/** The last `n` lines of a stretch of text: the transcript just before a quote. */
export const lastLines = (text: string, n: number) => text.split("\n").slice(-n).join("\n");

/** The first `n` lines of a stretch of text: the transcript just after a quote. */
export const firstLines = (text: string, n: number) => text.split("\n").slice(0, n).join("\n");
