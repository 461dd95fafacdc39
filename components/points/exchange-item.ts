/** The goods item the exchange button and its confirmation dialog both show (SPEC §2 productDetails). */
export interface ExchangeItem {
  sn: string;
  name: string;
  points: number;
  stock: number;
  image: string;
}
