import { TEMPORALS, type Temporal } from "@/lib/extraction/schema";

/** A fact's kind (from the settings' taxonomy) and time, as the fact forms ask for them. */
export function KindTimeFields({
  kinds,
  kind,
  temporal,
  onKind,
  onTemporal,
}: {
  kinds: Array<{ id: string; label: string }>;
  kind: string;
  temporal: string;
  onKind: (kind: string) => void;
  onTemporal: (temporal: Temporal) => void;
}) {
  return (
    <>
      <label className="flex items-center gap-2">
        Kind
        <select className="field" value={kind} onChange={(e) => onKind(e.target.value)}>
          {kinds.map((k) => (
            <option key={k.id} value={k.id}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2">
        Time
        <select className="field" value={temporal} onChange={(e) => onTemporal(e.target.value as Temporal)}>
          {TEMPORALS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
