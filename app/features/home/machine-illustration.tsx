/** The hero's visual when no video plays: a premium machine drawn in the brand's colours. */
const PRODUCT_COLOURS = ["#e3c58b", "#f8f5ef", "#b8893b", "#c9724f", "#8b9a7a", "#d9b26f", "#efe6d6", "#a4583d"];

export function MachineIllustration({ className }: { className?: string }) {
  const rows = [0, 1, 2, 3, 4];
  return (
    <svg viewBox="0 0 380 660" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="mi-body" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2a2e36" />
          <stop offset="0.55" stopColor="#16181d" />
          <stop offset="1" stopColor="#0b0c0f" />
        </linearGradient>
        <linearGradient id="mi-glass" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e3c58b" stopOpacity="0.22" />
          <stop offset="0.5" stopColor="#b8893b" stopOpacity="0.08" />
          <stop offset="1" stopColor="#0f1115" stopOpacity="0.35" />
        </linearGradient>
        <linearGradient id="mi-edge" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e3c58b" stopOpacity="0.9" />
          <stop offset="1" stopColor="#b8893b" stopOpacity="0.25" />
        </linearGradient>
        <radialGradient id="mi-floor" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#b8893b" stopOpacity="0.45" />
          <stop offset="1" stopColor="#b8893b" stopOpacity="0" />
        </radialGradient>
      </defs>
      <ellipse cx="190" cy="636" rx="200" ry="22" fill="url(#mi-floor)" />
      <rect
        x="24"
        y="12"
        width="332"
        height="612"
        rx="30"
        fill="url(#mi-body)"
        stroke="url(#mi-edge)"
        strokeWidth="2"
      />
      <rect x="52" y="52" width="214" height="430" rx="16" fill="#0d0e11" />
      <rect
        x="52"
        y="52"
        width="214"
        height="430"
        rx="16"
        fill="url(#mi-glass)"
        stroke="#f8f5ef"
        strokeOpacity="0.12"
      />
      {rows.map((r) => (
        <g key={r}>
          {[0, 1, 2, 3].map((c) => {
            const colour = PRODUCT_COLOURS[(r * 3 + c) % PRODUCT_COLOURS.length];
            const tall = (r + c) % 3 === 0;
            const h = tall ? 50 : 38;
            return (
              <rect
                key={c}
                x={68 + c * 48}
                y={128 + r * 78 - h}
                width="34"
                height={h}
                rx="7"
                fill={colour}
                fillOpacity="0.88"
              />
            );
          })}
          <rect x="60" y={130 + r * 78} width="198" height="5" rx="2.5" fill="#e3c58b" fillOpacity="0.35" />
        </g>
      ))}
      <path d="M72 60 L150 60 L90 474 L60 474 Z" fill="#f8f5ef" fillOpacity="0.05" />
      <rect x="282" y="52" width="50" height="74" rx="9" fill="#0d0e11" stroke="#e3c58b" strokeOpacity="0.35" />
      <rect x="290" y="62" width="34" height="22" rx="4" fill="#e3c58b" fillOpacity="0.85" />
      {[0, 1, 2, 3].map((r) =>
        [0, 1, 2].map((c) => (
          <circle key={`${r}-${c}`} cx={295 + c * 12} cy={96 + r * 8} r="2.6" fill="#f8f5ef" fillOpacity="0.55" />
        )),
      )}
      <rect x="282" y="142" width="50" height="62" rx="9" fill="#0d0e11" stroke="#e3c58b" strokeOpacity="0.35" />
      <path
        d="M299 165 a12 12 0 0 1 0 16 M305 160 a19 19 0 0 1 0 26 M311 155 a26 26 0 0 1 0 36"
        fill="none"
        stroke="#e3c58b"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <rect x="296" y="222" width="22" height="120" rx="11" fill="#0d0e11" stroke="#e3c58b" strokeOpacity="0.25" />
      <rect x="52" y="508" width="214" height="70" rx="12" fill="#08090b" stroke="#e3c58b" strokeOpacity="0.3" />
      <rect x="84" y="530" width="150" height="6" rx="3" fill="#e3c58b" fillOpacity="0.25" />
      <rect x="282" y="520" width="50" height="46" rx="8" fill="#0d0e11" stroke="#e3c58b" strokeOpacity="0.35" />
      <rect x="292" y="540" width="30" height="5" rx="2.5" fill="#e3c58b" fillOpacity="0.6" />
      <rect x="40" y="624" width="36" height="14" rx="4" fill="#0b0c0f" />
      <rect x="304" y="624" width="36" height="14" rx="4" fill="#0b0c0f" />
    </svg>
  );
}
