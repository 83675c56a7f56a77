import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useKidLogout } from "../api/kid-logout";

/**
 * Ends the child's session on this device and returns to the code screen. A full page load
 * leaves nothing of the child's data in memory on a shared device.
 */
export function KidSignOutButton() {
  const logout = useKidLogout();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={logout.isPending}
      onClick={() => logout.mutate(undefined, { onSettled: () => window.location.assign("/kid") })}
    >
      <LogOut aria-hidden />
      Sign out
    </Button>
  );
}
