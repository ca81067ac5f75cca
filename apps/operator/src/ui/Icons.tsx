// Line icons for the sidebar (16 px, stroke in the current colour).

const common = {
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export function UsersIcon() {
  return (
    <svg {...common}>
      <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
      <circle cx="9" cy="7" r="4" />
      <path d="M22 21v-2a4 4 0 0 0-3-3.87" />
      <path d="M16 3.13a4 4 0 0 1 0 7.75" />
    </svg>
  );
}

export function MailIcon() {
  return (
    <svg {...common}>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 7-10 6L2 7" />
    </svg>
  );
}

export function AuditIcon() {
  return (
    <svg {...common}>
      <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
      <path d="M14 2v6h6" />
      <path d="M16 13H8" />
      <path d="M16 17H8" />
      <path d="M10 9H8" />
    </svg>
  );
}

export function IdCardIcon() {
  return (
    <svg {...common}>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <circle cx="8" cy="12" r="2" />
      <path d="M5 16c.6-1.2 1.7-2 3-2s2.4.8 3 2" />
      <path d="M14 10h5" />
      <path d="M14 14h3" />
    </svg>
  );
}

export function DepositIcon() {
  return (
    <svg {...common}>
      <path d="M12 3v12" />
      <path d="m7 10 5 5 5-5" />
      <path d="M4 21h16" />
    </svg>
  );
}

export function WithdrawalIcon() {
  return (
    <svg {...common}>
      <path d="M12 15V3" />
      <path d="m7 8 5-5 5 5" />
      <path d="M4 21h16" />
    </svg>
  );
}

export function LedgerIcon() {
  return (
    <svg {...common}>
      <path d="M12 3v18" />
      <path d="M5 7h14" />
      <path d="m5 7-3 7a3 3 0 0 0 6 0z" />
      <path d="m19 7-3 7a3 3 0 0 0 6 0z" />
      <path d="M8 21h8" />
    </svg>
  );
}

export function ServiceIcon() {
  return (
    <svg {...common}>
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      <path d="M8 9h8" />
      <path d="M8 13h5" />
    </svg>
  );
}

export function ArticleIcon() {
  return (
    <svg {...common}>
      <path d="M4 4h12a2 2 0 0 1 2 2v14H6a2 2 0 0 1-2-2z" />
      <path d="M18 8h2v10a2 2 0 0 1-2 2" />
      <path d="M8 8h6" />
      <path d="M8 12h6" />
      <path d="M8 16h4" />
    </svg>
  );
}

export function MegaphoneIcon() {
  return (
    <svg {...common}>
      <path d="M3 11v2a1 1 0 0 0 1 1h3l6 4V6L7 10H4a1 1 0 0 0-1 1z" />
      <path d="M17 9a3 3 0 0 1 0 6" />
      <path d="M20 6a7 7 0 0 1 0 12" />
    </svg>
  );
}

export function ChatIcon() {
  return (
    <svg {...common}>
      <path d="M7 18 3 21V6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2z" />
      <circle cx="8.5" cy="11" r="0.6" />
      <circle cx="12" cy="11" r="0.6" />
      <circle cx="15.5" cy="11" r="0.6" />
    </svg>
  );
}

export function PhoneIcon() {
  return (
    <svg {...common}>
      <rect x="6" y="2" width="12" height="20" rx="2" />
      <path d="M11 18h2" />
    </svg>
  );
}

export function KeyIcon() {
  return (
    <svg {...common}>
      <circle cx="7.5" cy="15.5" r="5.5" />
      <path d="m21 2-9.6 9.6" />
      <path d="m15.5 7.5 3 3L22 7l-3-3" />
    </svg>
  );
}

/** A share certificate with a lock: shares sold privately, locked up. */
export function PlacementIcon() {
  return (
    <svg {...common}>
      <rect x="3" y="4" width="14" height="16" rx="2" />
      <path d="M7 9h6M7 13h3" />
      <rect x="14" y="14" width="7" height="6" rx="1" />
      <path d="M15.5 14v-1.5a2 2 0 0 1 4 0V14" />
    </svg>
  );
}

/** A calendar page: IPO deals, which run on their dates. */
export function CalendarIcon() {
  return (
    <svg {...common}>
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
      <path d="M8 14h.01M12 14h.01M16 14h.01M8 18h.01M12 18h.01" />
    </svg>
  );
}

/** A rising line with its trades marked: the agencies, strategy accounts that trade. */
export function AgencyIcon() {
  return (
    <svg {...common}>
      <path d="M3 3v18h18" />
      <path d="m7 15 4-4 3 3 6-6" />
      <path d="M16 8h4v4" />
    </svg>
  );
}

/** A robot's head: the AI robots, grid and DCA strategies investors rent or buy. */
export function RobotIcon() {
  return (
    <svg {...common}>
      <rect x="4" y="8" width="16" height="12" rx="2" />
      <path d="M12 8V4M10 4h4" />
      <path d="M9 13h.01M15 13h.01M9 17h6" />
      <path d="M2 13v2M22 13v2" />
    </svg>
  );
}
