// The proposal as a PDF a client can sign: a cover with the client, the owner's message and the machine
// with its layout (each filled slot drawn with its product's picture), one page per section with each
// slot's picture and name and the section's products with their prices, then the machine, our
// promises, the terms, the acceptance block and how to reach us. Set in the site's typefaces and
// colours (./pdf-brand.server.ts).
//
// This module runs in the PDF worker thread (pdf-worker.ts): it gets a plain PdfInput whose texts are
// already set (dates, prices, no-break spaces) and whose pictures are small JPEGs as data URIs. The
// library embeds a picture once per document when each use gives the same source string.
import { Document, Image, Page, StyleSheet, Text, View } from "@react-pdf/renderer";
import { CANVAS } from "~/features/customiser/state";
import { PDF_COLOURS, renderBrandPdf } from "./pdf-brand.server";

type PdfSlot = { product: number } | null;

export type PdfSection = {
  rows: number;
  cols: number;
  /** The section's box on the 600 × 900 canvas. */
  rect: { left: number; top: number; width: number; height: number };
  /** Row by row, left to right: the index of the slot's product in PdfInput.products, or null. */
  slots: PdfSlot[];
  /** Each product of the section once, with its slot count and price as written ('2,50 $'). */
  list: { product: number; count: string; price: string }[];
};

export type PdfInput = {
  site: { name: string; phone: string; email: string; web: string };
  title: string;
  eyebrow: string;
  /** 'Préparée pour …, le … Valide jusqu'au …' */
  intro: string;
  accepted: string | null;
  /** The owner's personal message, as written when sending ('' when none). */
  message: string;
  machineName: string;
  machinePicture: string | null;
  pictures: string[];
  products: { name: string; picture: number | null }[];
  sections: PdfSection[];
  specifications: string[];
  advantages: string[];
  promises: { title: string; text: string }[];
  terms: string[];
};

const C = PDF_COLOURS;

const PAGE_WIDTH = 595.28;
const MARGIN = 48;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const COVER_LAYOUT_HEIGHT = 480;
const COVER_LAYOUT_WIDTH = (CANVAS.width / CANVAS.height) * COVER_LAYOUT_HEIGHT;
/** The section number's disc on the cover's layout. */
const BADGE = 13;

const s = StyleSheet.create({
  page: {
    paddingTop: 48,
    paddingBottom: 64,
    paddingHorizontal: MARGIN,
    fontFamily: "Inter",
    fontSize: 9.5,
    lineHeight: 1.45,
    color: C.ink,
    backgroundColor: C.white,
  },
  header: {
    flexDirection: "row",
    justifyContent: "space-between",
    alignItems: "flex-end",
    paddingBottom: 10,
    borderBottomWidth: 0.75,
    borderBottomColor: C.line,
    marginBottom: 22,
  },
  brand: { fontFamily: "Fraunces", fontWeight: 600, fontSize: 13, letterSpacing: 0.3 },
  headerNote: { fontSize: 7.5, color: C.stone, letterSpacing: 1.2, textTransform: "uppercase" },
  eyebrow: { fontSize: 8, fontWeight: 600, color: C.brassInk, letterSpacing: 1.6, textTransform: "uppercase" },
  title: { fontFamily: "Fraunces", fontWeight: 600, fontSize: 26, lineHeight: 1.15, marginTop: 6 },
  intro: { color: C.stone, marginTop: 6 },
  h2: { fontFamily: "Fraunces", fontWeight: 600, fontSize: 16, lineHeight: 1.2, marginBottom: 4 },
  h2Note: { color: C.stone, fontSize: 8.5, marginBottom: 10 },
  h3: { fontWeight: 600, fontSize: 9.5, marginBottom: 4 },
  rule: { width: 36, height: 2, backgroundColor: C.brass, marginTop: 14, marginBottom: 14 },
  row: {
    flexDirection: "row",
    alignItems: "center",
    paddingVertical: 4,
    borderBottomWidth: 0.5,
    borderBottomColor: C.sand,
  },
  thumb: { width: 24, height: 24, objectFit: "contain", marginRight: 10 },
  thumbEmpty: { width: 24, height: 24, marginRight: 10, backgroundColor: C.sand, borderRadius: 3 },
  grow: { flexGrow: 1, flexShrink: 1 },
  num: { width: 64, textAlign: "right", color: C.stone },
  price: { width: 64, textAlign: "right", fontWeight: 600 },
  bullet: { flexDirection: "row", marginBottom: 3 },
  dot: { width: 12, color: C.brass },
  block: { marginTop: 22 },
  footer: {
    position: "absolute",
    bottom: 28,
    left: MARGIN,
    right: MARGIN,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 7.5,
    color: C.stone,
    borderTopWidth: 0.5,
    borderTopColor: C.line,
    paddingTop: 8,
  },
});

function Header({ input }: { input: PdfInput }) {
  return (
    <View style={s.header} fixed>
      <Text style={s.brand}>{input.site.name}</Text>
      <Text style={s.headerNote}>{`Proposition · ${input.machineName}`}</Text>
    </View>
  );
}

function Footer({ input }: { input: PdfInput }) {
  return (
    <View style={s.footer} fixed>
      <Text>{`${input.site.phone} · ${input.site.email} · ${input.site.web}`}</Text>
      <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} sur ${totalPages}`} />
    </View>
  );
}

/** The machine's photo with each section's grid over it, each filled slot showing its product. */
function Layout({ input, height }: { input: PdfInput; height: number }) {
  const scale = height / CANVAS.height;
  const width = CANVAS.width * scale;
  return (
    <View
      style={{ width, height, position: "relative", backgroundColor: C.ivory, borderRadius: 8, overflow: "hidden" }}
    >
      {input.machinePicture && (
        <Image
          src={input.machinePicture}
          style={{ position: "absolute", top: 0, left: 0, width, height, objectFit: "contain" }}
        />
      )}
      {input.sections.map((section, index) => {
        const w = section.rect.width * scale;
        const h = section.rect.height * scale;
        const cw = (w - 4) / section.cols;
        const ch = (h - 4) / section.rows;
        return (
          <View
            key={index}
            style={{
              position: "absolute",
              left: section.rect.left * scale,
              top: section.rect.top * scale,
              width: w,
              height: h,
              borderWidth: 1.2,
              borderColor: C.brass,
              borderRadius: 4,
              backgroundColor: "rgba(15,17,21,0.10)",
            }}
          >
            {section.slots.map((slot, i) => {
              const picture = slot ? input.products[slot.product]!.picture : null;
              const box = {
                position: "absolute" as const,
                left: 1.4 + (i % section.cols) * cw + 0.5,
                top: 1.4 + Math.floor(i / section.cols) * ch + 0.5,
                width: cw - 1,
                height: ch - 1,
                borderRadius: 1.5,
              };
              if (!slot) return <View key={i} style={{ ...box, backgroundColor: "rgba(255,255,255,0.22)" }} />;
              return (
                <View key={i} style={{ ...box, backgroundColor: C.white, padding: 0.6 }}>
                  {picture !== null && (
                    <Image
                      src={input.pictures[picture]}
                      style={{ width: "100%", height: "100%", objectFit: "contain" }}
                    />
                  )}
                </View>
              );
            })}
            <Text
              style={{
                // Outside the grid, above it (below it when the section starts at the top): it covers no slot.
                position: "absolute",
                top: section.rect.top * scale >= BADGE + 2 ? -(BADGE + 2) : h + 2,
                left: 0,
                width: BADGE,
                height: BADGE,
                borderRadius: BADGE / 2,
                backgroundColor: C.ink,
                color: C.white,
                fontSize: 7,
                fontWeight: 600,
                lineHeight: 1,
                paddingTop: 3,
                textAlign: "center",
              }}
            >
              {String(index + 1)}
            </Text>
          </View>
        );
      })}
    </View>
  );
}

/** A section's slots as a plan: each filled slot with its product's picture and name. */
function SlotPlan({ input, section }: { input: PdfInput; section: PdfSection }) {
  const gap = 3;
  const cell = Math.min(96, (WIDTH - gap * (section.cols - 1)) / section.cols);
  const picture = Math.min(56, cell - 8);
  const nameSize = cell < 56 ? 5.4 : 7;
  return (
    <View style={{ flexDirection: "row", flexWrap: "wrap", width: cell * section.cols + gap * (section.cols - 1) }}>
      {section.slots.map((slot, i) => {
        const product = slot ? input.products[slot.product]! : null;
        return (
          <View
            key={i}
            style={{
              width: cell,
              marginRight: (i + 1) % section.cols === 0 ? 0 : gap,
              marginBottom: gap,
              paddingVertical: 3,
              paddingHorizontal: 2,
              borderRadius: 3,
              alignItems: "center",
              backgroundColor: product ? C.ivory : C.white,
              borderWidth: product ? 0 : 0.5,
              borderColor: C.line,
              borderStyle: "dashed",
              minHeight: picture + nameSize * 2.6 + 8,
            }}
          >
            {product && product.picture !== null && (
              <Image
                src={input.pictures[product.picture]}
                style={{ width: picture, height: picture, objectFit: "contain" }}
              />
            )}
            {product && product.picture === null && (
              <View style={{ width: picture, height: picture, backgroundColor: C.sand, borderRadius: 2 }} />
            )}
            {product && (
              <Text
                style={{
                  fontSize: nameSize,
                  lineHeight: 1.2,
                  marginTop: 2,
                  textAlign: "center",
                  maxLines: 2,
                  textOverflow: "ellipsis",
                }}
              >
                {product.name}
              </Text>
            )}
          </View>
        );
      })}
    </View>
  );
}

function Bullets({ items }: { items: string[] }) {
  return (
    <View>
      {items.map((text, i) => (
        <View key={i} style={s.bullet} wrap={false}>
          <Text style={s.dot}>•</Text>
          <Text style={s.grow}>{text}</Text>
        </View>
      ))}
    </View>
  );
}

/** The cover: whose proposal, the owner's message, the sections in brief and the machine's layout. */
function CoverPage({ input }: { input: PdfInput }) {
  return (
    <Page size="A4" style={s.page}>
      <Header input={input} />
      <Text style={s.eyebrow}>{input.eyebrow}</Text>
      <Text style={s.title}>{input.title}</Text>
      <Text style={s.intro}>{input.intro}</Text>
      {input.accepted && <Text style={{ marginTop: 6, color: "#2f6b45", fontWeight: 600 }}>{input.accepted}</Text>}
      <View style={s.rule} />
      <View style={{ flexDirection: "row", justifyContent: "space-between" }}>
        <View style={{ width: WIDTH - COVER_LAYOUT_WIDTH - 24 }}>
          {input.message && (
            <View style={{ marginBottom: 18 }}>
              <Text style={s.h3}>Un mot de notre équipe</Text>
              <Text style={{ fontFamily: "Fraunces", fontSize: 11, lineHeight: 1.5 }}>{input.message}</Text>
            </View>
          )}
          <Text style={s.h3}>Votre machine</Text>
          {input.sections.map((section, i) => (
            <Text key={i} style={{ color: C.stone }}>
              {`Section ${i + 1}\u00a0: ${section.rows}\u00a0×\u00a0${section.cols}, ${section.slots.filter(Boolean).length}\u00a0emplacements garnis`}
            </Text>
          ))}
          <Text style={{ marginTop: 12, color: "#2f6b45", fontWeight: 600 }}>
            Installation, entretien et approvisionnement sans frais pour vous.
          </Text>
        </View>
        <Layout input={input} height={COVER_LAYOUT_HEIGHT} />
      </View>
      <Footer input={input} />
    </Page>
  );
}

/** One section: its slots as a plan, then its products with their slot counts and prices. */
function SectionPage({ input, section, index }: { input: PdfInput; section: PdfSection; index: number }) {
  return (
    <Page size="A4" style={s.page}>
      <Header input={input} />
      <View wrap={false}>
        <Text style={s.eyebrow}>{`Section ${index + 1}`}</Text>
        <Text style={s.h2}>{`${section.rows}\u00a0rangées × ${section.cols}\u00a0colonnes`}</Text>
        <Text style={s.h2Note}>Chaque emplacement, de gauche à droite et de haut en bas.</Text>
        <SlotPlan input={input} section={section} />
      </View>
      <View style={s.block}>
        <Text style={s.h3} minPresenceAhead={60}>
          Les produits de la section
        </Text>
        {section.list.length === 0 && <Text style={{ color: C.stone }}>Aucun produit dans cette section.</Text>}
        {section.list.map((item) => {
          const product = input.products[item.product]!;
          return (
            <View key={item.product} style={s.row} wrap={false}>
              {product.picture !== null ? (
                <Image src={input.pictures[product.picture]} style={s.thumb} />
              ) : (
                <View style={s.thumbEmpty} />
              )}
              <Text style={s.grow}>{product.name}</Text>
              <Text style={s.num}>{item.count}</Text>
              <Text style={s.price}>{item.price}</Text>
            </View>
          );
        })}
      </View>
      <Footer input={input} />
    </Page>
  );
}

/** The last page: the machine, our promises, then the page a client signs. */
function MachinePage({ input }: { input: PdfInput }) {
  return (
    <Page size="A4" style={s.page}>
      <Header input={input} />
      <Text style={s.eyebrow}>{input.machineName}</Text>
      <Text style={[s.h2, { marginBottom: 12 }]}>La machine et nos engagements</Text>
      {input.specifications.length > 0 && (
        <View wrap={false} style={{ marginBottom: 14 }}>
          <Text style={s.h3}>Spécifications</Text>
          <Bullets items={input.specifications} />
        </View>
      )}
      {input.advantages.length > 0 && (
        <View wrap={false} style={{ marginBottom: 14 }}>
          <Text style={s.h3}>Avantages</Text>
          <Bullets items={input.advantages} />
        </View>
      )}
      {input.promises.length > 0 && (
        <View style={{ marginBottom: 14 }}>
          <Text style={s.h3} minPresenceAhead={40}>
            Nos engagements
          </Text>
          {input.promises.map(({ title, text }, i) => (
            <View key={i} style={{ marginBottom: 6 }} wrap={false}>
              <Text style={{ fontWeight: 600 }}>{title}</Text>
              <Text style={{ color: C.stone }}>{text}</Text>
            </View>
          ))}
        </View>
      )}
      <TermsAndAcceptance input={input} />
      <Footer input={input} />
    </Page>
  );
}

/** The terms, the acceptance and our address stay together: the page a client signs. */
function TermsAndAcceptance({ input }: { input: PdfInput }) {
  return (
    <View wrap={false} style={{ marginTop: 8 }}>
      <Text style={s.h3}>Conditions</Text>
      <Bullets items={input.terms} />
      <View
        style={{
          marginTop: 18,
          padding: 16,
          borderWidth: 0.75,
          borderColor: C.line,
          borderRadius: 6,
          backgroundColor: C.ivory,
        }}
      >
        <Text style={[s.h2, { fontSize: 13 }]}>Bon pour accord</Text>
        <Text style={{ color: C.stone, marginBottom: 18 }}>
          En signant, vous acceptez cette proposition et ses conditions. Vous pouvez aussi l'accepter en ligne, depuis
          la page de votre proposition.
        </Text>
        <View style={{ flexDirection: "row" }}>
          {["Nom", "Signature", "Date"].map((label) => (
            <View key={label} style={{ flexGrow: 1, marginRight: label === "Date" ? 0 : 16 }}>
              <View style={{ borderBottomWidth: 0.75, borderBottomColor: C.ink, height: 26 }} />
              <Text style={{ fontSize: 7.5, color: C.stone, marginTop: 3 }}>{label}</Text>
            </View>
          ))}
        </View>
      </View>
      <View style={{ marginTop: 18 }}>
        <Text style={s.h3}>Nous joindre</Text>
        <Text>{`${input.site.name} · ${input.site.phone} · ${input.site.email} · ${input.site.web}`}</Text>
      </View>
    </View>
  );
}

function ProposalDocument({ input }: { input: PdfInput }) {
  return (
    <Document title={input.title} author={input.site.name} language="fr-CA">
      <CoverPage input={input} />
      {input.sections.map((section, index) => (
        <SectionPage key={index} input={input} section={section} index={index} />
      ))}
      <MachinePage input={input} />
    </Document>
  );
}

/** The PDF's bytes. */
export function renderPdf(input: PdfInput): Promise<Buffer> {
  return renderBrandPdf(<ProposalDocument input={input} />);
}
