// The long texts of the rules page (<sw-rules>), per language, in the project's own words
// (docs/rules-spec.md R1–R9). Apart from the message catalogues so they load with the rules page,
// not with the game. Keys and languages are checked like the catalogues (tests/ui/i18n).
import type { Language } from './i18n';

export type RulesKey =
  | 'rules_intro'
  | 'rules_place'
  | 'rules_realms'
  | 'rules_battles'
  | 'rules_attack'
  | 'rules_scoring'
  | 'rules_final'
  | 'rules_teams'
  | 'rules_expansion';

export const RULES_TEXT: Record<Language, Record<RulesKey, string>> = {
  en: {
    rules_intro:
      'Build a galaxy tile by tile with up to five players (six with Expansion 1). Claim trade routes, asteroid fields and planets with ' +
      'your meeples, fight for them with dice, and score when they are complete.',
    rules_place:
      'Each turn you draw one tile and add it to the table next to at least one tile already there. Every edge that touches another ' +
      'tile must match it: trade route to trade route, asteroid field to asteroid field, open space to space. The table shows every ' +
      'cell where the tile fits; turn it until the edges agree. A tile that fits nowhere leaves the game and you draw again.',
    rules_realms:
      'After placing, you may put one meeple from your reserve on that tile: a merchant on a trade route, an explorer in an asteroid ' +
      'field, or a conqueror on its planet — never in open space, and never on a route or field that already has a meeple somewhere ' +
      'along it. You have four small meeples and one large one.',
    rules_battles:
      'When a tile joins realms held by different players, they fight. Each side throws one die per small meeple and two per large ' +
      'meeple, plus one if a symbol of its own faction lies in the realm — three dice at most — and only its best die counts. The best ' +
      'throw wins; every other side takes its meeples back and scores one point per die it threw. Sides that tie score one point each ' +
      'and throw again.',
    rules_attack:
      'Instead of the tile you just placed, you may send your meeple to a planet on one of the eight tiles around it, whether it is ' +
      'empty, held by someone else or held by you. If another player is there, the battle is fought at once, and the attacker stays if ' +
      'it wins. A planet counts only the symbol printed on it.',
    rules_scoring:
      'A trade route is complete when both ends stop (at a planet, an asteroid field or a junction) or it closes into a loop: 1 point ' +
      'per tile. An asteroid field with no open edge left: 2 points per tile. A planet with all eight tiles around it: 9 points. Every ' +
      'faction symbol in a completed realm adds 2 points. The holder scores it and the meeples come back to the reserve.',
    rules_final:
      'When the last tile has been placed, every unfinished realm that holds meeples scores for its holder: a route or a field 1 point ' +
      'per tile, a planet 1 point plus 1 per tile around it, and 2 per faction symbol. The highest score wins; equal scores share the ' +
      'victory. The score track has 50 spaces, and the scoreboard shows every lap.',
    rules_teams:
      'Four players: red and green are the Rebel Alliance, black and white the Empire, seated alternately. Each team has one score, ' +
      'team-mates never fight each other, and in a battle a team throws as one side with all of its meeples in the realm.',
    rules_expansion:
      'Eighteen more tiles, a sixth colour (blue) and two equipment cards for each player. When you deploy a meeple you may attach one: ' +
      'a lightsaber adds 1 to your best die in every throw; a blaster turns one of your dice into the yellow die (3 to 8), so it is ' +
      'only in play with the yellow die. The card comes back with the meeple.',
  },
  cs: {
    rules_intro:
      'Stavějte galaxii kartičku po kartičce, až v pěti hráčích (v šesti s rozšířením 1). Obsazujte obchodní cesty, pole asteroidů a ' +
      'planety figurkami, bojujte o ně kostkami a získávejte body, když je dokončíte.',
    rules_place:
      'Každý tah si vezmeš jednu kartičku a přiložíš ji ke kartičkám na stole tak, aby se aspoň jedné dotýkala. Každá hrana, která se ' +
      'dotýká jiné kartičky, jí musí odpovídat: obchodní cesta k obchodní cestě, pole asteroidů k poli asteroidů, volný vesmír k ' +
      'vesmíru. Stůl ukazuje všechna místa, kam kartička pasuje; otáčej jí, dokud hrany nesedí. Kartička, která nikam nepasuje, jde ze ' +
      'hry a táhneš znovu.',
    rules_realms:
      'Po přiložení můžeš na tuto kartičku umístit jednu figurku ze zásoby: obchodníka na obchodní cestu, průzkumníka do pole asteroidů ' +
      'nebo dobyvatele na její planetu — nikdy do volného vesmíru a nikdy na cestu či pole, kde už nějaká figurka stojí. Máš čtyři malé ' +
      'figurky a jednu velkou.',
    rules_battles:
      'Když kartička spojí oblasti různých hráčů, dojde k boji. Každá strana hází jednou kostkou za malou figurku a dvěma za velkou, ' +
      'plus jednou, leží-li v oblasti symbol její frakce — nejvýš třemi — a počítá se jen její nejvyšší kostka. Nejvyšší hod vyhrává; ' +
      'ostatní strany berou figurky zpět a získají bod za každou kostku, kterou házely. Strany v remíze získají po bodu a hází znovu.',
    rules_attack:
      'Místo na právě přiloženou kartičku můžeš figurku poslat na planetu na jedné z osmi kartiček kolem ní — prázdnou, obsazenou jiným ' +
      'hráčem i tvou vlastní. Je-li tam jiný hráč, boj proběhne hned a útočník, pokud vyhraje, na planetě zůstane. Planetě se počítá ' +
      'jen symbol vytištěný na ní.',
    rules_scoring:
      'Obchodní cesta je dokončená, když oba její konce končí (u planety, pole asteroidů nebo křižovatky) nebo se uzavře do smyčky: 1 ' +
      'bod za kartičku. Pole asteroidů bez volné hrany: 2 body za kartičku. Planeta se všemi osmi kartičkami kolem: 9 bodů. Každý ' +
      'symbol frakce v dokončené oblasti přidá 2 body. Body získá ten, kdo oblast drží, a figurky se vrací do zásoby.',
    rules_final:
      'Po přiložení poslední kartičky získá každá nedokončená oblast s figurkami body pro toho, kdo ji drží: cesta nebo pole 1 bod za ' +
      'kartičku, planeta 1 bod plus 1 za každou kartičku kolem a 2 za každý symbol frakce. Vyhrává nejvyšší skóre; při rovnosti je ' +
      'vítězství společné. Počítadlo bodů má 50 polí a přehled skóre ukazuje každé kolo.',
    rules_teams:
      'Čtyři hráči: červený a zelený jsou Povstalecká aliance, černý a bílý Impérium, sedí střídavě. Každý tým má společné skóre, ' +
      'spoluhráči spolu nikdy nebojují a v boji hází tým jako jedna strana se všemi svými figurkami v oblasti.',
    rules_expansion:
      'Osmnáct kartiček navíc, šestá barva (modrá) a dvě karty výbavy pro každého hráče. Při umístění figurky k ní můžeš jednu přidat: ' +
      'světelný meč přidá 1 k tvé nejvyšší kostce v každém hodu; blaster změní jednu tvou kostku na žlutou (3 až 8), takže funguje jen ' +
      'se žlutou kostkou. Karta se vrací spolu s figurkou.',
  },
  ro: {
    rules_intro:
      'Construiți o galaxie cartonaș cu cartonaș, până la cinci jucători (șase cu Extensia 1). Ocupați rute comerciale, câmpuri de ' +
      'asteroizi și planete cu meeple-ii voștri, luptați pentru ele cu zarurile și primiți puncte când sunt complete.',
    rules_place:
      'În fiecare tură tragi un cartonaș și îl atașezi lângă cel puțin un cartonaș de pe masă. Fiecare margine care atinge alt cartonaș ' +
      'trebuie să se potrivească: rută comercială cu rută comercială, câmp de asteroizi cu câmp de asteroizi, spațiu cu spațiu. Masa ' +
      'arată fiecare loc unde se potrivește; rotește-l până se potrivesc marginile. Un cartonaș care nu se potrivește nicăieri iese din ' +
      'joc și tragi altul.',
    rules_realms:
      'După atașare poți pune pe acel cartonaș un meeple din rezervă: un negustor pe o rută comercială, un explorator într-un câmp de ' +
      'asteroizi sau un cuceritor pe planeta lui — niciodată în spațiu și niciodată pe o rută sau un câmp care are deja un meeple ' +
      'undeva. Ai patru meeple mici și unul mare.',
    rules_battles:
      'Când un cartonaș unește regiuni ocupate de jucători diferiți, are loc o bătălie. Fiecare parte aruncă un zar pentru fiecare ' +
      'meeple mic și două pentru cel mare, plus unul dacă în regiune se află un simbol al facțiunii sale — cel mult trei — și contează ' +
      'doar zarul cel mai mare. Aruncarea cea mai mare câștigă; celelalte părți își iau meeple-ii înapoi și primesc un punct pentru ' +
      'fiecare zar aruncat. Părțile la egalitate primesc câte un punct și aruncă din nou.',
    rules_attack:
      'În loc de cartonașul tocmai atașat, poți trimite meeple-ul pe o planetă de pe unul dintre cele opt cartonașe din jurul lui, fie ' +
      'ea liberă, ocupată de altcineva sau de tine. Dacă acolo e alt jucător, bătălia are loc imediat, iar atacatorul rămâne dacă ' +
      'învinge. O planetă numără doar simbolul tipărit pe ea.',
    rules_scoring:
      'O rută comercială este completă când ambele capete se opresc (la o planetă, un câmp de asteroizi sau o intersecție) sau se ' +
      'închide în buclă: 1 punct pe cartonaș. Un câmp de asteroizi fără nicio margine deschisă: 2 puncte pe cartonaș. O planetă cu ' +
      'toate cele opt cartonașe în jur: 9 puncte. Fiecare simbol de facțiune dintr-o regiune completă adaugă 2 puncte. Cel care o ocupă ' +
      'primește punctele, iar meeple-ii se întorc în rezervă.',
    rules_final:
      'După ultimul cartonaș, fiecare regiune neterminată cu meeple dă puncte celui care o ocupă: o rută sau un câmp 1 punct pe ' +
      'cartonaș, o planetă 1 punct plus 1 pentru fiecare cartonaș din jur, și 2 pentru fiecare simbol de facțiune. Câștigă scorul cel ' +
      'mai mare; la egalitate victoria este împărțită. Tabla de punctaj are 50 de căsuțe, iar tabela de scor arată fiecare tur.',
    rules_teams:
      'Patru jucători: roșu și verde sunt Alianța Rebelă, negru și alb Imperiul, așezați alternativ. Fiecare echipă are un singur scor, ' +
      'coechipierii nu se luptă niciodată între ei, iar în bătălie echipa aruncă drept o singură parte, cu toți meeple-ii ei din ' +
      'regiune.',
    rules_expansion:
      'Optsprezece cartonașe în plus, o a șasea culoare (albastru) și două cartonașe de echipament pentru fiecare jucător. Când plasezi ' +
      'un meeple îi poți atașa unul: sabia laser adaugă 1 la cel mai mare zar în fiecare aruncare; blasterul transformă unul dintre ' +
      'zarurile tale în zarul special galben (3 până la 8), deci funcționează doar cu zarul galben. Cartonașul se întoarce împreună cu ' +
      'meeple-ul.',
  },
};
