import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/**
 * What the agent centre shows from other features, handed in by the app layer (features stay leaves): the login form
 * auth owns, the logout button, the member-centre pages rendered inside the agent layout, and the downline transfer
 * form of the wallet, prefilled.
 */
export type AgentSlots = {
  LoginForm: ComponentType;
  LogoutButton: ComponentType;
  Deposit: ComponentType;
  Withdraw: ComponentType;
  Messages: ComponentType;
  CustomerService: ComponentType;
  TransferToDownline: ComponentType<{ username: string }>;
};

const Missing = () => null;
const SlotsContext = createContext<AgentSlots>({
  LoginForm: Missing,
  LogoutButton: Missing,
  Deposit: Missing,
  Withdraw: Missing,
  Messages: Missing,
  CustomerService: Missing,
  TransferToDownline: Missing,
});

export function AgentSlotsProvider({ slots, children }: { slots: AgentSlots; children: ReactNode }) {
  return <SlotsContext.Provider value={slots}>{children}</SlotsContext.Provider>;
}

export const useAgentSlots = () => useContext(SlotsContext);
