import { QRCodeSVG } from 'qrcode.react';

/** The QR code itself, a lazy chunk (qrcode.react stays out of the first bundle). */
export default function AppQr({ value, label }: { value: string; label: string }) {
  return <QRCodeSVG value={value} size={96} marginSize={2} level="M" bgColor="#ffffff" fgColor="#0b1120" role="img" aria-label={label} />;
}
