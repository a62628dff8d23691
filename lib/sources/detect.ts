import { AppError } from "@/lib/errors";
import { ACCEPTED_FORMATS, formatOfExtension, formatOfMediaType, type SourceKind } from "@/lib/sources/formats";

function refuse(what: string): never {
  throw new AppError("UNSUPPORTED_FILE", `${what} cannot be read. ${ACCEPTED_FORMATS}`);
}

/**
 * The kind the uploader declared, if any (lib/sources/formats.ts). A recognised extension wins over the
 * media type (browsers guess media types from extensions, and often badly); unknown ones are refused.
 */
export function declaredKind(filename?: string, mediaType?: string): SourceKind | null {
  const ext = /\.([A-Za-z][A-Za-z0-9]{0,9})$/.exec(filename?.trim() ?? "")?.[1]?.toLowerCase();
  if (ext !== undefined) {
    const kind = formatOfExtension(ext);
    if (!kind) refuse(`A .${ext} file`);
    return kind;
  }
  const type = mediaType?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "" || type === "application/octet-stream") return null;
  const kind = formatOfMediaType(type);
  if (kind) return kind;
  if (type.startsWith("text/")) return "text";
  if (type.endsWith("+json")) return "json";
  return refuse(`A file of type ${type}`);
}
