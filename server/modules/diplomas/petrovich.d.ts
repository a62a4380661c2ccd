/** The petrovich library (https://github.com/petrovich/petrovich-js) ships no types: the part declension.ts uses. */
declare module 'petrovich' {
  type Gender = 'male' | 'female' | 'androgynous';
  type Case = 'genitive' | 'dative' | 'accusative' | 'instrumental' | 'prepositional';
  interface Person {
    gender?: Gender;
    first?: string;
    middle?: string;
    last?: string;
  }
  interface Petrovich {
    (person: Person, gcase: Case): Person & { gender: Gender };
    detect_gender(middle: string): Gender;
  }
  const petrovich: Petrovich;
  export default petrovich;
}
