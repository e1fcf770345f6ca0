/**
 * A submit button that posts an `intent` (add a row, remove one, look a number up). Without
 * JavaScript the form posts and the action does the work, rendering the form again with every
 * typed value kept; with JavaScript `run` does the same in place and nothing is posted.
 */
import { Button } from "~/components/ui/mantine";
import type { ButtonProps } from "@mantine/core";
import type { ComponentPropsWithoutRef } from "react";
import { useHydrated } from "~/components/layout/useHydrated";

export type IntentButtonProps = ButtonProps &
  Omit<ComponentPropsWithoutRef<"button">, keyof ButtonProps | "type" | "name" | "value" | "onClick"> & {
    /** the value posted as `intent` */
    intent: string;
    /** what the button does in place once the page runs JavaScript */
    run: () => void;
  };

export function IntentButton({ intent, run, ...rest }: IntentButtonProps) {
  const hydrated = useHydrated();
  return (
    <Button
      type="submit"
      name="intent"
      value={intent}
      {...rest}
      onClick={(e) => {
        if (!hydrated) return;
        e.preventDefault();
        run();
      }}
    />
  );
}
