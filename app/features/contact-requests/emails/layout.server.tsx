// The look shared by the site's emails: the brand's ivory page, a white card, ink text and a brass
// rule, in inline styles (mail clients ignore style sheets) and without pictures to load. Each React
// Email component comes from its own package: the all-in-one package also loads Tailwind, Markdown and
// a code highlighter (54 MB of memory against 18 MB).
// Every email fits a phone 360 px wide: the card's padding leaves room, a long word or address wraps
// instead of widening the page, and a link is a button or a few words, never a raw address.
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties, ReactElement, ReactNode } from "react";
import { typography } from "~/lib/typography";

const COLORS = {
  ink: "#0f1115",
  ivory: "#f8f5ef",
  sand: "#ece5d8",
  stone: "#5c6068",
  brass: "#b8893b",
  brassInk: "#85601f",
} as const;

/** A long word (an address, a link someone typed) wraps rather than widening the email. */
const WRAP = { overflowWrap: "anywhere", wordBreak: "break-word" } satisfies CSSProperties;

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const styles = {
  heading: { margin: "0 0 16px", fontSize: "24px", lineHeight: "32px", fontWeight: 600, color: COLORS.ink },
  text: { margin: "0 0 16px", fontSize: "16px", lineHeight: "24px", color: COLORS.ink },
  muted: { margin: "0 0 12px", fontSize: "14px", lineHeight: "22px", color: COLORS.stone },
  link: { color: COLORS.brassInk, textDecoration: "underline" },
  // A phone number stays on one line: '418 555-' above '0142' is misread.
  phone: { color: COLORS.brassInk, textDecoration: "underline", whiteSpace: "nowrap" },
  label: { margin: "0", fontSize: "13px", lineHeight: "20px", color: COLORS.stone },
  value: {
    margin: "0 0 12px",
    fontSize: "16px",
    lineHeight: "24px",
    color: COLORS.ink,
    whiteSpace: "pre-wrap",
    ...WRAP,
  },
  button: {
    display: "inline-block",
    padding: "12px 22px",
    borderRadius: "999px",
    backgroundColor: COLORS.ink,
    color: COLORS.ivory,
    fontSize: "15px",
    fontWeight: 600,
    lineHeight: "20px",
    textAlign: "center",
    textDecoration: "none",
  },
} satisfies Record<string, CSSProperties>;

export function EmailLayout({
  siteName,
  preview,
  children,
  footer,
}: {
  siteName: string;
  preview: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <Html lang="fr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, padding: "24px 0", backgroundColor: COLORS.ivory, fontFamily: FONT, ...WRAP }}>
        <Container style={{ maxWidth: "600px", margin: "0 auto", padding: "0 12px", ...WRAP }}>
          <Text
            style={{
              margin: "0 0 16px",
              fontSize: "18px",
              fontWeight: 600,
              letterSpacing: "0.02em",
              color: COLORS.ink,
            }}
          >
            {siteName}
          </Text>
          <Section
            style={{
              backgroundColor: "#ffffff",
              border: `1px solid ${COLORS.sand}`,
              borderTop: `4px solid ${COLORS.brass}`,
              borderRadius: "12px",
              padding: "24px 20px",
              ...WRAP,
            }}
          >
            {children}
          </Section>
          <Hr style={{ borderColor: COLORS.sand, margin: "24px 0 16px" }} />
          {footer}
        </Container>
      </Body>
    </Html>
  );
}

/** One label and its value, the way a request's fields are listed; a link when `href` is given (an
 * email address or a phone to tap). */
export function FactRow({ label, value, href }: { label: string; value: string; href?: string }) {
  return (
    <>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>
        {href ? (
          <Link href={href} style={styles.link}>
            {value}
          </Link>
        ) : (
          value
        )}
      </Text>
    </>
  );
}

/** A link as a button: the email names where it leads in a few words, never as a raw address. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button href={href} style={styles.button}>
      {children}
    </Button>
  );
}

/** An email's HTML, every text in it set in French typography (docs/decisions/2026-12-02-french-typography.md):
 * the text between tags, never an attribute. The renderer (about 20 MB of memory) loads with the
 * first email sent, not with the server. */
export async function renderEmailHtml(email: ReactElement): Promise<string> {
  const { render } = await import("@react-email/render");
  return (await render(email)).replace(/>([^<]+)</g, (_, text: string) => `>${typography(text)}<`);
}
