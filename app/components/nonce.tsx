import { createContext, useContext } from "react";

// The Content-Security-Policy nonce of the response being rendered, for the inline scripts the page itself
// writes (Remix's, Mantine's colour-scheme script). Given on the server only: in the browser the nonce
// attribute reads as empty once parsed, and scripts added after hydration are not inline.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
