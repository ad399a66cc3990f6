// The proposal as a PDF a client can print or forward: a cover with the client, the machine and its
// layout (the machine's photo with each section's grid drawn over it, filled slots shaded), the
// products of each section with their pictures, the machine's specifications and advantages, what we
// promise (the home page's published promises), the terms and how to reach us. Helvetica (built into every PDF reader, French accents
// included); pictures as small JPEGs, each embedded once per use, so 300 filled slots stay small.
import { Document, Image, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import type { Storage } from "../../../server/storage/storage";
import { loadSharp } from "../../../server/media/sharp";
import { mediaRefFromUrl } from "../../../server/media/rules";
import { CANVAS, sectionRect } from "~/features/customiser/state";
import type { SiteConfig } from "~/rules/site";
import { frenchDate, sectionProducts } from "./client-view";
import type { ServicePromise } from "./promises";
import type { ClientProposal } from "./queries.server";
import { formatPrice, PROPOSAL_VALID_DAYS } from "./rules";

const C = {
  ink: "#0f1115",
  ivory: "#f8f5ef",
  sand: "#ece5d8",
  stone: "#5c6068",
  brass: "#b8893b",
  brassInk: "#85601f",
};

const s = StyleSheet.create({
  page: {
    paddingTop: 44,
    paddingBottom: 56,
    paddingHorizontal: 44,
    fontFamily: "Helvetica",
    fontSize: 10,
    color: C.ink,
  },
  brand: { fontFamily: "Helvetica-Bold", fontSize: 12, letterSpacing: 1, color: C.ink },
  rule: { height: 3, backgroundColor: C.brass, marginTop: 8, marginBottom: 18, width: 48 },
  eyebrow: { fontSize: 9, color: C.brassInk, textTransform: "uppercase", letterSpacing: 1.2 },
  title: { fontFamily: "Helvetica-Bold", fontSize: 24, marginTop: 4 },
  muted: { color: C.stone, fontSize: 10, marginTop: 4 },
  h2: { fontFamily: "Helvetica-Bold", fontSize: 15, marginBottom: 8, marginTop: 16 },
  row: {
    flexDirection: "row",
    alignItems: "center",
    paddingVertical: 4,
    borderBottomWidth: 0.5,
    borderBottomColor: C.sand,
  },
  thumb: { width: 26, height: 26, objectFit: "contain", marginRight: 8 },
  thumbEmpty: { width: 26, height: 26, marginRight: 8, backgroundColor: C.sand },
  name: { flexGrow: 1, flexShrink: 1 },
  num: { width: 70, textAlign: "right" },
  bullet: { flexDirection: "row", marginBottom: 3 },
  footer: {
    position: "absolute",
    bottom: 24,
    left: 44,
    right: 44,
    flexDirection: "row",
    justifyContent: "space-between",
    fontSize: 8,
    color: C.stone,
  },
});

const PICTURE_CACHE = new Map<string, Promise<Buffer | null>>();
const PICTURE_CACHE_MAX = 600;

/** A stored picture as a JPEG `width` px wide on white, or null (placeholder, external address, a
 * file that is gone). Kept in memory: the same products appear in proposal after proposal. */
export function pdfPicture(storage: Storage, url: string, width: number): Promise<Buffer | null> {
  const key = `${width}:${url}`;
  let picture = PICTURE_CACHE.get(key);
  if (!picture) {
    picture = makePicture(storage, url, width).catch(() => null);
    if (PICTURE_CACHE.size >= PICTURE_CACHE_MAX) PICTURE_CACHE.delete(PICTURE_CACHE.keys().next().value!);
    PICTURE_CACHE.set(key, picture);
  }
  return picture;
}

async function makePicture(storage: Storage, url: string, width: number): Promise<Buffer | null> {
  const ref = mediaRefFromUrl(url);
  if (!ref || /\.svg$/i.test(ref.name)) return null;
  const bytes = await storage.read(ref.bucket, ref.name, { maxBytes: 32 * 1024 * 1024 });
  if (!bytes) return null;
  const sharp = await loadSharp();
  return sharp(bytes, { limitInputPixels: 50_000_000 })
    .resize({ width, height: width, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 78 })
    .toBuffer();
}

type Pictures = { machine: Buffer | null; products: Map<string, Buffer | null> };

/** The machine's photo with the sections drawn over it, `height` points tall. */
function LayoutPicture({ p, machine, height }: { p: ClientProposal; machine: Buffer | null; height: number }) {
  const scale = height / CANVAS.height;
  const filled = new Set(p.items.map((i) => `${i.section}:${i.slot}`));
  return (
    <View
      style={{
        width: CANVAS.width * scale,
        height,
        position: "relative",
        backgroundColor: C.ivory,
        borderRadius: 6,
        overflow: "hidden",
      }}
    >
      {machine && (
        <Image
          src={machine}
          style={{ position: "absolute", top: 0, left: 0, width: CANVAS.width * scale, height, objectFit: "contain" }}
        />
      )}
      {p.sections.map((section, index) => {
        const rect = sectionRect(section);
        const w = rect.width * scale;
        const h = rect.height * scale;
        const cw = w / section.cols;
        const ch = h / section.rows;
        return (
          <View
            key={index}
            style={{
              position: "absolute",
              left: rect.left * scale,
              top: rect.top * scale,
              width: w,
              height: h,
              borderWidth: 1.5,
              borderColor: C.brass,
              borderRadius: 4,
            }}
          >
            {Array.from({ length: section.rows * section.cols }, (_, slot) => (
              <View
                key={slot}
                style={{
                  position: "absolute",
                  left: (slot % section.cols) * cw + 0.8,
                  top: Math.floor(slot / section.cols) * ch + 0.8,
                  width: cw - 1.6,
                  height: ch - 1.6,
                  backgroundColor: filled.has(`${index}:${slot}`) ? "#ffffff" : "rgba(15,17,21,0.12)",
                  borderRadius: 1.5,
                }}
              />
            ))}
            <Text
              style={{
                position: "absolute",
                top: 2,
                left: 3,
                fontSize: 8,
                fontFamily: "Helvetica-Bold",
                color: C.ink,
                backgroundColor: C.brass,
                paddingHorizontal: 3,
                borderRadius: 2,
              }}
            >
              {index + 1}
            </Text>
          </View>
        );
      })}
    </View>
  );
}

function Footer({ site }: { site: SiteConfig }) {
  return (
    <View style={s.footer} fixed>
      <Text>{`${site.name} · ${site.phone} · ${site.email}`}</Text>
      <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} sur ${totalPages}`} />
    </View>
  );
}

type DocumentProps = { p: ClientProposal; site: SiteConfig; promises: ServicePromise[]; pictures: Pictures };

function ProposalDocument({ p, site, promises, pictures }: DocumentProps) {
  const sent = frenchDate(p.created_at);
  return (
    <Document title={`Proposition ${site.name} : ${p.machine_name}`} author={site.name} language="fr-CA">
      <Page size="A4" style={s.page}>
        <Text style={s.brand}>{site.name}</Text>
        <View style={s.rule} />
        <Text style={s.eyebrow}>{`Proposition${p.version > 1 ? ` · version ${p.version}` : ""}`}</Text>
        <Text style={s.title}>{`Votre machine ${p.machine_name}`}</Text>
        <Text
          style={s.muted}
        >{`Préparée pour ${p.client_name}, le ${sent}. Valide jusqu'au ${frenchDate(p.expiresAt)}.`}</Text>
        <View style={{ marginTop: 18, alignItems: "center" }}>
          <LayoutPicture p={p} machine={pictures.machine} height={560} />
        </View>
        <Footer site={site} />
      </Page>

      <Page size="A4" style={s.page}>
        <Text style={[s.h2, { marginTop: 0 }]}>Les produits</Text>
        {p.sections.map((section, index) => {
          const list = sectionProducts(p.items, index);
          return (
            <View key={index} style={{ marginBottom: 12 }}>
              <Text style={{ fontFamily: "Helvetica-Bold", fontSize: 11, marginBottom: 4 }} minPresenceAhead={40}>
                {`Section ${index + 1} · ${section.rows} rangées × ${section.cols} colonnes`}
              </Text>
              {list.length === 0 && <Text style={s.muted}>Aucun produit dans cette section.</Text>}
              {list.map((item) => {
                const picture = pictures.products.get(item.image);
                return (
                  <View key={item.name} style={s.row} wrap={false}>
                    {picture ? <Image src={picture} style={s.thumb} /> : <View style={s.thumbEmpty} />}
                    <Text style={s.name}>{item.name}</Text>
                    <Text style={s.num}>{`${item.count} empl.`}</Text>
                    <Text style={s.num}>{formatPrice(item.price)}</Text>
                  </View>
                );
              })}
            </View>
          );
        })}

        {p.machine_specifications.length > 0 && (
          <View wrap={false}>
            <Text style={s.h2}>Spécifications</Text>
            {p.machine_specifications.map((text) => (
              <View key={text} style={s.bullet}>
                <Text style={{ width: 10 }}>•</Text>
                <Text style={s.name}>{text}</Text>
              </View>
            ))}
          </View>
        )}
        {p.machine_advantages.length > 0 && (
          <View wrap={false}>
            <Text style={s.h2}>Avantages</Text>
            {p.machine_advantages.map((text) => (
              <View key={text} style={s.bullet}>
                <Text style={{ width: 10 }}>•</Text>
                <Text style={s.name}>{text}</Text>
              </View>
            ))}
          </View>
        )}
        {promises.length > 0 && (
          <View wrap={false}>
            <Text style={s.h2}>Nos engagements</Text>
            {promises.map(({ title, text }, i) => (
              <View key={i} style={{ marginBottom: 5 }}>
                <Text style={{ fontFamily: "Helvetica-Bold" }}>{title}</Text>
                <Text style={{ color: C.stone }}>{text}</Text>
              </View>
            ))}
          </View>
        )}
        <View wrap={false}>
          <Text style={s.h2}>Conditions</Text>
          <Text style={{ marginBottom: 3 }}>
            {`Cette proposition est valide ${PROPOSAL_VALID_DAYS} jours, jusqu'au ${frenchDate(p.expiresAt)}.`}
          </Text>
          <Text style={{ marginBottom: 3 }}>
            {`Les prix sont ceux des produits au ${sent}, donnés à titre indicatif ; ils suivent ceux de nos fournisseurs.`}
          </Text>
          <Text style={{ marginBottom: 3 }}>
            La machine, son installation et son entretien ne vous coûtent rien : nous nous rémunérons sur les ventes.
          </Text>
          <Text>La sélection de produits est ajustée après l'installation selon ce qui se vend.</Text>
        </View>
        <View wrap={false}>
          <Text style={s.h2}>Nous joindre</Text>
          <Text>{site.name}</Text>
          <Text>{site.phone}</Text>
          <Text>{site.email}</Text>
          <Text>{site.publicUrl}</Text>
        </View>
        <Footer site={site} />
      </Page>
    </Document>
  );
}

/** The PDF of a proposal. */
export async function renderProposalPdf(
  p: ClientProposal,
  site: SiteConfig,
  promises: ServicePromise[],
  storage: Storage,
): Promise<Buffer> {
  const images = [...new Set(p.items.map((i) => i.image))];
  const [machine, ...thumbs] = await Promise.all([
    pdfPicture(storage, p.machine_image, 700),
    ...images.map((url) => pdfPicture(storage, url, 96)),
  ]);
  const pictures: Pictures = { machine, products: new Map(images.map((url, i) => [url, thumbs[i] ?? null])) };
  return renderToBuffer(<ProposalDocument p={p} site={site} promises={promises} pictures={pictures} />);
}
