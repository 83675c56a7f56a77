import { PlaceholderPage } from "@/components/layouts/placeholder-page";

export default function AdminLoginPage() {
  return <PlaceholderPage title="Admin login" />;
}
