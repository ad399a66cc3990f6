// What Mon compte shows of the authenticator app: on or off, the recovery codes left, and while a
// setup is under way its secret as a QR code and as text to type.
import QRCode from "qrcode";
import { authenticatorUri, pendingTotpSecret, secondFactorStatus } from "../../../server/auth/second-factor";
import type { Db } from "../../../server/db/client";

export async function authenticatorData(db: Db, user: { id: string; username: string }, issuer: string) {
  const status = await secondFactorStatus(db, user.id);
  const secret = status.totp ? null : await pendingTotpSecret(db, user.id);
  if (!secret) return { ...status, setup: null };
  const uri = authenticatorUri(secret, { issuer, account: user.username });
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { ...status, setup: { secretGroups: secret.match(/.{1,4}/g)!, uri, qrSvg } };
}

export type AuthenticatorData = Awaited<ReturnType<typeof authenticatorData>>;
