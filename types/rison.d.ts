declare module "rison" {
  const rison: {
    encode(value: unknown): string;
    decode(text: string): unknown;
    encode_object(value: unknown): string;
    encode_array(value: unknown[]): string;
    decode_object(text: string): unknown;
    decode_array(text: string): unknown[];
    parser: new (errorHandler: ((message: string, index: number) => void) | null) => {
      parse(text: string): unknown;
      error(message: string): unknown;
    };
  };
  export default rison;
}
