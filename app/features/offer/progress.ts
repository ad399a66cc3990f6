/** Scroll-guided offer page: which section is being read and how far along the page is. */
export type SectionBox = { top: number; height: number };

/** Share of the viewport height, from its top, where the reading line sits. */
const READING_LINE = 0.35;

export type SectionProgress = {
  /** Index of the section under the reading line; -1 above the first section. */
  active: number;
  /** 0 at the first section's top, 1 at the last section's bottom; each section is an equal share. */
  progress: number;
};

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

export function sectionProgress(
  scrollY: number,
  viewportHeight: number,
  sections: readonly SectionBox[],
): SectionProgress {
  const n = sections.length;
  if (n === 0) return { active: -1, progress: 0 };
  const line = scrollY + viewportHeight * READING_LINE;
  let active = -1;
  for (let i = 0; i < n; i++) if (line >= sections[i]!.top) active = i;
  if (active === -1) return { active, progress: 0 };
  const section = sections[active]!;
  const within = section.height > 0 ? clamp01((line - section.top) / section.height) : 1;
  // At the very bottom of the page the reading line may never reach the last section's end.
  const atBottom = active === n - 1 && scrollY + viewportHeight >= section.top + section.height - 1;
  return { active, progress: atBottom ? 1 : clamp01((active + within) / n) };
}
