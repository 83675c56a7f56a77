import { LogOut, Settings, User as UserIcon } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Avatar, fullName, type HeaderUser, logOut, useGoToSection } from "./header-user";

const menuItemClass =
  "flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800";

export function AccountMenu({ user }: { user: HeaderUser }) {
  const goToSection = useGoToSection();
  const name = fullName(user);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        aria-label={`Account menu for ${name || user.email}`}
      >
        <Avatar user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg data-[state=open]:animate-in"
        >
          <div className="px-2 py-2">
            {name && <p className="truncate text-sm font-semibold text-slate-900">{name}</p>}
            <p className="truncate text-sm text-slate-600">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={menuItemClass} onSelect={() => goToSection("profile")}>
            <UserIcon className="h-4 w-4" aria-hidden /> Profile
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClass} onSelect={() => goToSection("account")}>
            <Settings className="h-4 w-4" aria-hidden /> Settings
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={menuItemClass} onSelect={logOut}>
            <LogOut className="h-4 w-4" aria-hidden /> Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
