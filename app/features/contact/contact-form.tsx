// Placeholder until the contact form lands (contact issue): same export and props.
export function ContactForm({ className }: { className?: string }) {
  return <div className={className} />;
}
