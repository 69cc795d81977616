// Fictional person names: a common first name of the culture with a surname built from syllables
// (or, for cultures whose family names are few and short, a family name and a built given name).
import { hash, pick, TAG } from './random.js';

interface Culture {
  readonly male: readonly string[];
  readonly female: readonly string[];
  /** Surname = pre + post. */
  readonly pre?: readonly string[];
  readonly post?: readonly string[];
  /** Family names from a list, given name from syllables, family name first. */
  readonly families?: readonly string[];
  readonly givenMale?: readonly string[];
  readonly givenFemale?: readonly string[];
  readonly particles?: readonly string[];
  readonly feminine?: (surname: string) => string;
}

const slavicA = (s: string) =>
  /(ov|ev|in)$/.test(s)
    ? `${s}a`
    : s.replace(/sky$/, 'ska').replace(/ski$/, 'ska').replace(/cki$/, 'cka').replace(/dzki$/, 'dzka');

// biome-ignore format: data table, one line per list
const CULTURES: Readonly<Record<string, Culture>> = {
  english: {
    male: ['James', 'Jack', 'Harry', 'Oliver', 'George', 'Charlie', 'Thomas', 'Liam', 'Noah', 'Callum', 'Ryan', 'Connor', 'Jordan', 'Kyle', 'Ethan', 'Lewis', 'Mason', 'Jake', 'Owen', 'Reece', 'Tyler', 'Nathan', 'Ben', 'Sam'],
    female: ['Emily', 'Olivia', 'Chloe', 'Sophie', 'Lucy', 'Ella', 'Grace', 'Jess', 'Hannah', 'Megan', 'Lauren', 'Amy', 'Katie', 'Holly', 'Beth', 'Leah', 'Niamh', 'Freya', 'Ellie', 'Alex'],
    pre: ['Ash', 'Black', 'Brad', 'Brook', 'Castle', 'Cole', 'Craw', 'Dun', 'Elling', 'Fair', 'Fen', 'Grant', 'Hal', 'Hart', 'Hazel', 'Kings', 'Lang', 'Mar', 'Middle', 'Norr', 'Pem', 'Red', 'Rid', 'Shel', 'Stan', 'Thorn', 'Wain', 'Whit', 'Wood', 'Yard'],
    post: ['ford', 'ley', 'ton', 'wick', 'by', 'well', 'worth', 'field', 'more', 'ridge', 'man', 'son', 'hurst', 'stead', 'wood', 'croft'],
  },
  french: {
    male: ['Lucas', 'Hugo', 'Théo', 'Mathis', 'Nathan', 'Enzo', 'Louis', 'Maxime', 'Antoine', 'Baptiste', 'Clément', 'Julien', 'Romain', 'Kévin', 'Quentin', 'Yanis', 'Adrien', 'Florian', 'Bastien', 'Noé', 'Rayan', 'Ilyes'],
    female: ['Léa', 'Manon', 'Camille', 'Chloé', 'Inès', 'Sarah', 'Clara', 'Lina', 'Julie', 'Marine', 'Laura', 'Océane', 'Émilie', 'Pauline', 'Margaux', 'Amandine', 'Élise', 'Maëlle'],
    pre: ['Beau', 'Bel', 'Bon', 'Cha', 'Del', 'Dela', 'Du', 'Fon', 'Gar', 'Gir', 'La', 'Lam', 'Le', 'Mar', 'Mont', 'Ri', 'Rou', 'Ver', 'Vil', 'Cour', 'Mal', 'Bour', 'Tho', 'Ger', 'Pel'],
    post: ['court', 'ville', 'mont', 'lier', 'det', 'rand', 'bert', 'vin', 'chet', 'ard', 'aux', 'ot', 'elle', 'ier', 'ois', 'euil', 'ent', 'agne', 'ac', 'on'],
  },
  german: {
    male: ['Lukas', 'Jonas', 'Leon', 'Finn', 'Niklas', 'Tim', 'Jan', 'Felix', 'Paul', 'Moritz', 'Florian', 'Maximilian', 'Tobias', 'Julian', 'Kevin', 'Dennis', 'Marco', 'Sebastian', 'Fabian', 'Marvin'],
    female: ['Lena', 'Laura', 'Lea', 'Anna', 'Sophie', 'Julia', 'Sarah', 'Marie', 'Lisa', 'Hannah', 'Johanna', 'Carolin', 'Svenja', 'Kathrin', 'Nina', 'Melanie', 'Jana', 'Pia'],
    pre: ['Ba', 'Brink', 'Eck', 'Fal', 'Grün', 'Hal', 'Hart', 'Hof', 'Kal', 'Kern', 'Kling', 'Lin', 'Mei', 'Ober', 'Ro', 'Schön', 'Stein', 'Tal', 'Wal', 'Wei', 'Zim', 'Bren', 'Dorn', 'Fels'],
    post: ['mann', 'berg', 'ner', 'dorf', 'hardt', 'bach', 'feld', 'ler', 'inger', 'hauser', 'stedt', 'er', 'mayer', 'kamp', 'wald'],
  },
  spanish: {
    male: ['Pablo', 'Álvaro', 'Sergio', 'Javier', 'Diego', 'Adrián', 'Marcos', 'Iker', 'Hugo', 'Raúl', 'Dani', 'Mario', 'Rubén', 'Íñigo', 'Aitor', 'Jorge', 'Unai', 'Gonzalo', 'Alejandro', 'Carlos'],
    female: ['Lucía', 'Paula', 'Laia', 'Irene', 'Alba', 'Nerea', 'Ainhoa', 'Marta', 'Claudia', 'Andrea', 'Sara', 'Aitana', 'Olga', 'Patricia', 'Leire', 'Esther', 'María', 'Carmen'],
    pre: ['Al', 'Ba', 'Ca', 'Cor', 'Es', 'Fer', 'Gal', 'Her', 'Ib', 'Lo', 'Mar', 'Mon', 'Nav', 'Or', 'Pa', 'Quin', 'Ri', 'San', 'Ter', 'Val', 'Vi', 'Zu', 'Cas', 'Bel'],
    post: ['arro', 'ez', 'ado', 'ero', 'ano', 'illa', 'ares', 'onte', 'ueta', 'eda', 'ales', 'iño', 'ós', 'era', 'uez', 'ante', 'edo', 'iz'],
  },
  latam: {
    male: ['Juan', 'Matías', 'Santiago', 'Sebastián', 'Nicolás', 'Facundo', 'Emiliano', 'Luis', 'José', 'Diego', 'Cristian', 'Brian', 'Franco', 'Rodrigo', 'Kevin', 'Jhon', 'Andrés', 'Fernando', 'Alexis', 'Héctor', 'Édgar', 'Jesús'],
    female: ['Valentina', 'Camila', 'Sofía', 'Daniela', 'Florencia', 'Micaela', 'Gabriela', 'Fernanda', 'Catalina', 'Yamila', 'Karen', 'Natalia', 'Lorena', 'Ximena', 'Mariana', 'Agustina'],
    pre: ['Ace', 'Ba', 'Ca', 'Cen', 'Es', 'Fi', 'Gua', 'Her', 'Iba', 'Lu', 'Mal', 'Men', 'Ne', 'Ol', 'Pi', 'Que', 'Ro', 'Sa', 'Te', 'Ur', 'Vaz', 'Ya', 'Zam', 'Bri'],
    post: ['vedo', 'rría', 'ñas', 'ero', 'ano', 'illo', 'quez', 'onte', 'arro', 'eda', 'ales', 'ino', 'ón', 'era', 'uez', 'ante', 'edo', 'iaga'],
  },
  italian: {
    male: ['Lorenzo', 'Matteo', 'Alessandro', 'Andrea', 'Federico', 'Simone', 'Davide', 'Riccardo', 'Gianluca', 'Nicolò', 'Tommaso', 'Giacomo', 'Marco', 'Stefano', 'Filippo', 'Luca', 'Manuel', 'Samuele'],
    female: ['Giulia', 'Martina', 'Sara', 'Chiara', 'Alice', 'Elisa', 'Francesca', 'Valentina', 'Aurora', 'Beatrice', 'Arianna', 'Federica', 'Cecilia', 'Benedetta', 'Marta', 'Gaia'],
    pre: ['Bar', 'Bel', 'Ca', 'Cor', 'Del', 'Fer', 'Gal', 'Lom', 'Man', 'Mar', 'Mo', 'Pa', 'Ric', 'Ros', 'Sal', 'Tor', 'Val', 'Vi', 'Zan', 'Ber', 'Cap', 'Fab', 'Pel', 'Ser'],
    post: ['etti', 'ini', 'elli', 'one', 'ardi', 'ucci', 'ato', 'esi', 'oni', 'ano', 'izzi', 'otti', 'aro', 'ino', 'ieri', 'enti'],
  },
  portuguese: {
    male: ['João', 'Tiago', 'Rúben', 'Diogo', 'Gonçalo', 'Rafael', 'Nuno', 'Pedro', 'André', 'Bruno', 'Ricardo', 'Francisco', 'Rodrigo', 'Vítor', 'Miguel', 'Hugo', 'Fábio', 'Duarte'],
    female: ['Ana', 'Beatriz', 'Inês', 'Mariana', 'Carolina', 'Joana', 'Rita', 'Catarina', 'Sofia', 'Matilde', 'Leonor', 'Diana', 'Tatiana', 'Jéssica', 'Andreia', 'Sílvia'],
    pre: ['Al', 'Ba', 'Car', 'Cor', 'Fa', 'Fer', 'Gou', 'Lo', 'Mach', 'Mar', 'Mon', 'Nog', 'Pe', 'Ra', 'Ro', 'San', 'Tei', 'Va', 'Bra', 'Cal', 'Fon', 'Lei'],
    post: ['eira', 'ado', 'alho', 'ão', 'ares', 'inho', 'ela', 'ota', 'edo', 'ante', 'uiar', 'eiro', 'ino', 'ões', 'ega'],
  },
  brazilian: {
    male: ['Gabriel', 'Lucas', 'Matheus', 'Vinícius', 'Gustavo', 'Felipe', 'Thiago', 'Rafael', 'Bruno', 'Caio', 'Igor', 'Wellington', 'Everton', 'Douglas', 'Luan', 'Wesley', 'Kaique', 'Danilo', 'Renan', 'Yuri'],
    female: ['Ana', 'Bruna', 'Camila', 'Débora', 'Fernanda', 'Gabriela', 'Júlia', 'Larissa', 'Letícia', 'Natália', 'Rafaela', 'Tamires', 'Yasmin', 'Kerolin', 'Adriana', 'Thaís'],
    pre: ['Al', 'Ba', 'Car', 'Cos', 'Fa', 'Frei', 'Gui', 'Lo', 'Mace', 'Mar', 'Mon', 'Noguei', 'Pe', 'Ra', 'Ro', 'San', 'Tei', 'Va', 'Bra', 'Cal', 'Fon', 'Lei'],
    post: ['eira', 'ado', 'alho', 'ão', 'ares', 'inho', 'ela', 'ota', 'edo', 'ante', 'ino', 'ões', 'ega', 'ra'],
  },
  dutch: {
    male: ['Daan', 'Sem', 'Lars', 'Thijs', 'Bram', 'Jesse', 'Ruben', 'Stijn', 'Joep', 'Teun', 'Luuk', 'Milan', 'Niels', 'Wout', 'Sven', 'Joost', 'Bas', 'Jurrien'],
    female: ['Sanne', 'Lieke', 'Fleur', 'Anouk', 'Femke', 'Iris', 'Jill', 'Danielle', 'Esmee', 'Lotte', 'Renate', 'Dominique', 'Vivianne', 'Romée', 'Marit', 'Jip'],
    pre: ['Berg', 'Brou', 'Dijk', 'Hoog', 'Jan', 'Kla', 'Kui', 'Mul', 'Mee', 'Pie', 'Smal', 'Ver', 'Vos', 'Wou', 'Zeel', 'Groen', 'Bak'],
    post: ['kamp', 'stra', 'huis', 'man', 'ink', 'hof', 'veld', 'dijk', 'sen', 'ers', 'hout', 'beek', 'broek', 'laar', 'meer'],
    particles: ['van ', 'de ', 'van der ', 'van den '],
  },
  nordic: {
    male: ['Erik', 'Lars', 'Anders', 'Magnus', 'Jonas', 'Oskar', 'Emil', 'Viktor', 'Mathias', 'Kristian', 'Henrik', 'Sander', 'Jesper', 'Axel', 'Rasmus', 'Mikkel', 'Tobias', 'Elias', 'Aron', 'Gunnar'],
    female: ['Emma', 'Ida', 'Sofie', 'Maja', 'Frida', 'Hanna', 'Nora', 'Ingrid', 'Sigrid', 'Caroline', 'Amalie', 'Tuva', 'Linnea', 'Signe', 'Elin', 'Thea', 'Karen', 'Sara'],
    pre: ['Ander', 'Berg', 'Dahl', 'Ek', 'Fors', 'Gun', 'Hol', 'Ing', 'Jo', 'Lars', 'Lind', 'Lund', 'Mag', 'Nils', 'Ols', 'Sand', 'Sjö', 'Stor', 'Vik', 'Hag', 'Nord'],
    post: ['sen', 'son', 'gren', 'ström', 'berg', 'lund', 'dal', 'by', 'vik', 'ness', 'holm', 'qvist', 'rud', 'heim', 'gaard'],
  },
  polish: {
    male: ['Jakub', 'Kacper', 'Mateusz', 'Bartosz', 'Piotr', 'Krzysztof', 'Michał', 'Kamil', 'Łukasz', 'Paweł', 'Szymon', 'Tomasz', 'Dawid', 'Filip', 'Wojciech', 'Adrian'],
    female: ['Zuzanna', 'Julia', 'Natalia', 'Aleksandra', 'Weronika', 'Oliwia', 'Martyna', 'Ewa', 'Agata', 'Paulina', 'Karolina', 'Magdalena', 'Dominika', 'Kinga'],
    pre: ['Bo', 'Chmiel', 'Dą', 'Gra', 'Ja', 'Ka', 'Ko', 'Kra', 'Le', 'Ma', 'No', 'Pa', 'Pio', 'Ra', 'So', 'Sta', 'Wi', 'Wo', 'Za', 'Zie'],
    post: ['wski', 'kowski', 'czyk', 'niak', 'ski', 'wicz', 'owiak', 'cki', 'ński', 'dzki', 'lak', 'rek'],
    feminine: slavicA,
  },
  czech: {
    male: ['Jan', 'Jakub', 'Tomáš', 'Lukáš', 'Ondřej', 'Martin', 'Petr', 'David', 'Filip', 'Matěj', 'Vojtěch', 'Adam', 'Michal', 'Marek', 'Patrik', 'Dominik'],
    female: ['Tereza', 'Eliška', 'Anna', 'Kateřina', 'Lucie', 'Barbora', 'Veronika', 'Klára', 'Adéla', 'Kristýna', 'Nikola', 'Michaela', 'Markéta', 'Simona'],
    pre: ['Dvo', 'Hor', 'Kov', 'Kra', 'Mare', 'Ne', 'No', 'Pro', 'Svo', 'Vese', 'Zel', 'Cer', 'Bla', 'Ha', 'Kři', 'Po', 'Ru', 'Štěp'],
    post: ['ák', 'ček', 'ný', 'ík', 'ec', 'ský', 'ál', 'an', 'ůšek', 'ař', 'ka'],
    feminine: (s) =>
      s.endsWith('ý') ? `${s.slice(0, -1)}á` : s.endsWith('ka') ? `${s.slice(0, -1)}ová` : `${s}ová`,
  },
  balkan: {
    male: ['Luka', 'Ivan', 'Marko', 'Nikola', 'Stefan', 'Josip', 'Mateo', 'Filip', 'Dušan', 'Milan', 'Ante', 'Mario', 'Petar', 'Bojan', 'Dario', 'Nemanja', 'Lovro', 'Žiga', 'Miha'],
    female: ['Ana', 'Ivana', 'Marija', 'Petra', 'Jelena', 'Katarina', 'Milica', 'Lana', 'Maja', 'Tea', 'Nina', 'Sara', 'Mia', 'Dora', 'Lea', 'Teodora'],
    pre: ['Jo', 'Mar', 'Pe', 'Ni', 'Ko', 'Sto', 'Mi', 'Pav', 'Rad', 'Vu', 'Đur', 'Lu', 'Bo', 'Ta', 'Ze', 'Fil', 'Ga', 'Ho'],
    post: ['ović', 'ić', 'ević', 'anović', 'ačić', 'inić', 'ković', 'elić', 'ašević', 'unović'],
  },
  bulgarian: {
    male: ['Georgi', 'Ivan', 'Dimitar', 'Nikolay', 'Petar', 'Martin', 'Stoyan', 'Kiril', 'Aleksandar', 'Todor', 'Radoslav', 'Borislav', 'Valentin', 'Hristo'],
    female: ['Maria', 'Elena', 'Ivanka', 'Desislava', 'Gergana', 'Yoana', 'Viktoria', 'Radostina', 'Teodora', 'Mihaela', 'Nikol', 'Kalina'],
    pre: ['Dim', 'Ge', 'Hri', 'Ivan', 'Ko', 'Nik', 'Pet', 'Sto', 'To', 'Va', 'Zla', 'An', 'Bo', 'Mla'],
    post: ['ov', 'ev', 'anov', 'chev', 'ilov', 'enov', 'arov', 'iev'],
    feminine: slavicA,
  },
  ukrainian: {
    male: ['Oleksandr', 'Andriy', 'Mykola', 'Dmytro', 'Serhiy', 'Taras', 'Bohdan', 'Yevhen', 'Vitaliy', 'Artem', 'Denys', 'Maksym', 'Roman', 'Vladyslav', 'Ihor', 'Yaroslav'],
    female: ['Olena', 'Iryna', 'Nataliya', 'Kateryna', 'Oksana', 'Yuliya', 'Daryna', 'Tetyana', 'Anastasiya', 'Viktoriya', 'Khrystyna', 'Sofiya'],
    pre: ['Bon', 'Hry', 'Kov', 'Lys', 'Mel', 'Ost', 'Pet', 'Sav', 'Shev', 'Tka', 'Yar', 'Zin', 'Kra', 'Moro', 'Bo', 'Dov'],
    post: ['enko', 'chuk', 'ko', 'yuk', 'ets', 'yak', 'ov', 'sky'],
    feminine: slavicA,
  },
  romanian: {
    male: ['Andrei', 'Alexandru', 'Ionuț', 'Mihai', 'Răzvan', 'Cristian', 'Florin', 'Vlad', 'Darius', 'Bogdan', 'Adrian', 'Marius', 'Ștefan', 'Cosmin', 'Denis', 'Radu'],
    female: ['Andreea', 'Ioana', 'Elena', 'Maria', 'Alexandra', 'Bianca', 'Cristina', 'Roxana', 'Alina', 'Ramona', 'Daniela', 'Mihaela'],
    pre: ['Ste', 'Io', 'Po', 'Con', 'Du', 'Ga', 'Mar', 'Ni', 'Ra', 'Ve', 'Bar', 'Chi', 'Lu', 'Mi', 'Tu', 'Pa'],
    post: ['escu', 'eanu', 'aru', 'ache', 'ilă', 'oiu', 'inescu', 'anu', 'ariu'],
  },
  hungarian: {
    male: ['Bence', 'Máté', 'Dániel', 'Ádám', 'Levente', 'Balázs', 'Dominik', 'Gergő', 'Zsolt', 'Roland', 'Attila', 'Krisztián', 'Milán', 'Péter', 'Tamás', 'Barnabás'],
    female: ['Anna', 'Réka', 'Eszter', 'Zsófia', 'Dóra', 'Petra', 'Fanni', 'Lilla', 'Boglárka', 'Henrietta', 'Viktória', 'Nóra'],
    pre: ['Bal', 'Cso', 'Far', 'Hor', 'Kis', 'Lak', 'Mol', 'Nagy', 'Szil', 'Tó', 'Vár', 'Bo', 'Deá', 'Fe', 'Ke', 'Sü'],
    post: ['ás', 'ai', 'ágh', 'ényi', 'osi', 'rai', 'di', 'ffy', 'eki', 'vári'],
  },
  turkish: {
    male: ['Emre', 'Burak', 'Mert', 'Can', 'Arda', 'Kerem', 'Oğuz', 'Berkay', 'Cenk', 'Hakan', 'Okan', 'Yusuf', 'Ozan', 'Barış', 'Eren', 'Kaan', 'Serdar', 'Semih'],
    female: ['Elif', 'Zeynep', 'Ece', 'Selin', 'Büşra', 'Melike', 'Derya', 'Gizem', 'Ebru', 'Kübra', 'Aylin', 'İrem', 'Didem', 'Yağmur'],
    pre: ['Ak', 'Ay', 'Bal', 'Can', 'Demir', 'Er', 'Gök', 'Kara', 'Kaya', 'Kor', 'Öz', 'Şa', 'Tan', 'Uy', 'Yıl', 'Çe', 'Dur', 'Gün', 'Sarı'],
    post: ['han', 'dağ', 'kaya', 'oğlu', 'türk', 'er', 'can', 'soy', 'taş', 'gül', 'demir', 'ay', 'ok', 'dal'],
  },
  greek: {
    male: ['Giorgos', 'Dimitris', 'Kostas', 'Nikos', 'Giannis', 'Panagiotis', 'Christos', 'Vasilis', 'Thanasis', 'Stelios', 'Lefteris', 'Manolis', 'Andreas', 'Fotis', 'Savvas', 'Marios'],
    female: ['Maria', 'Eleni', 'Katerina', 'Sofia', 'Georgia', 'Dimitra', 'Anna', 'Christina', 'Vasiliki', 'Ioanna', 'Despoina', 'Athina'],
    pre: ['Alex', 'Anto', 'Christo', 'Dimi', 'Georg', 'Kara', 'Kon', 'Lia', 'Mano', 'Niko', 'Papa', 'Stav', 'Theo', 'Vasi', 'Zer', 'Pana', 'Kouts', 'Mar'],
    post: ['poulos', 'akis', 'idis', 'opoulos', 'iou', 'atos', 'allis', 'ides', 'ellos', 'anis'],
    feminine: (s) =>
      s.endsWith('ides')
        ? `${s.slice(0, -4)}idou`
        : s.endsWith('os')
          ? `${s.slice(0, -2)}ou`
          : s.endsWith('is')
            ? s.slice(0, -1)
            : s,
  },
  hebrew: {
    male: ['Yossi', 'Eran', 'Omer', 'Itay', 'Dor', 'Liel', 'Roy', 'Eden', 'Tomer', 'Shon', 'Oz', 'Ido', 'Amit', 'Gal', 'Nir', 'Daniel'],
    female: ['Noa', 'Shira', 'Tamar', 'Yael', 'Maya', 'Adi', 'Lior', 'Hila', 'Sivan', 'Neta', 'Michal', 'Dana'],
    pre: ['Ami', 'Bar', 'Ben-Da', 'Cohe', 'Dah', 'Eli', 'Fri', 'Gab', 'Has', 'Kats', 'Lev', 'Miz', 'Naz', 'Ohay', 'Pere', 'Sha', 'Yos', 'Zak'],
    post: ['ri', 'on', 'an', 'av', 'ay', 'el', 'ir', 'im', 'ov', 'ur'],
  },
  arabic: {
    male: ['Mohammed', 'Abdullah', 'Faisal', 'Salem', 'Nasser', 'Yasser', 'Saud', 'Omar', 'Ali', 'Hassan', 'Khalid', 'Fahad', 'Sultan', 'Ahmed', 'Mahmoud', 'Karim', 'Hamza', 'Tarek', 'Ziad', 'Marwan'],
    female: ['Fatima', 'Aisha', 'Noura', 'Maryam', 'Sara', 'Layla', 'Reem', 'Hala', 'Dana', 'Yasmin', 'Salma', 'Nour', 'Lina', 'Rana'],
    pre: ['Al-Ha', 'Al-Sha', 'Al-Mu', 'Al-Qa', 'Al-Da', 'Al-Ja', 'Al-Ra', 'Al-Za', 'Al-Ba', 'Al-Ka', 'El-Sa', 'El-Gha', 'Abdel', 'Al-Ma'],
    post: ['mdan', 'hrani', 'tairi', 'wsari', 'ssar', 'mri', 'bri', 'dani', 'hili', 'rawi', 'shidi', 'zaabi', 'nsour', 'fadi'],
  },
  maghreb: {
    male: ['Youssef', 'Achraf', 'Hakim', 'Sofiane', 'Amine', 'Nabil', 'Ilyas', 'Oussama', 'Bilal', 'Ayoub', 'Walid', 'Riyad', 'Karim', 'Mehdi', 'Hamza', 'Ismaël', 'Zakaria', 'Anis'],
    female: ['Fatima-Zahra', 'Ghizlane', 'Sanaa', 'Khadija', 'Nesrine', 'Imane', 'Salma', 'Yasmine', 'Houda', 'Rim', 'Ines', 'Sabrina', 'Amel', 'Meriem'],
    pre: ['Ben', 'Bou', 'El Ha', 'Amr', 'Haj', 'Mans', 'Ziy', 'Lah', 'Tah', 'Bel', 'Cher', 'Kad', 'Ait Ou'],
    post: ['ali', 'khlef', 'ouri', 'ani', 'souli', 'abi', 'rani', 'lahi', 'medi', 'kaoui', 'ssine', 'adi', 'arbi'],
  },
  persian: {
    male: ['Ali', 'Reza', 'Mehdi', 'Hossein', 'Amir', 'Saeed', 'Milad', 'Sardar', 'Alireza', 'Mohammad', 'Omid', 'Karim', 'Vahid', 'Payam', 'Arash', 'Kaveh'],
    female: ['Zahra', 'Maryam', 'Fatemeh', 'Shirin', 'Niloufar', 'Sara', 'Parisa', 'Mina', 'Leila', 'Roya', 'Azadeh', 'Negar'],
    pre: ['Ahma', 'Bah', 'Dari', 'Esfa', 'Farh', 'Gha', 'Hos', 'Kaz', 'Moh', 'Nas', 'Rah', 'Sad', 'Taj', 'Zar', 'Shir', 'Jav'],
    post: ['di', 'ri', 'zadeh', 'ani', 'pour', 'nia', 'vand', 'ian', 'far', 'abadi'],
  },
  japanese: {
    male: ['Haruto', 'Sota', 'Yuto', 'Riku', 'Kaito', 'Takumi', 'Daiki', 'Ren', 'Shota', 'Kenta', 'Yuki', 'Hiroki', 'Ryo', 'Kazuki', 'Kaoru', 'Ao', 'Koki', 'Sho'],
    female: ['Yui', 'Hina', 'Mio', 'Saki', 'Rin', 'Aoi', 'Miyu', 'Nana', 'Yuka', 'Mana', 'Risa', 'Momoka', 'Hikaru', 'Fuka'],
    pre: ['Taka', 'Naka', 'Yama', 'Hashi', 'Mori', 'Ishi', 'Fuji', 'Kawa', 'Matsu', 'Sakura', 'Kita', 'Nishi', 'Oka', 'Shima', 'Hira', 'Miya', 'Kuro', 'Uchi'],
    post: ['moto', 'mura', 'da', 'no', 'kawa', 'shita', 'hara', 'zaki', 'uchi', 'gawa', 'ta', 'bayashi', 'yama', 'saki'],
  },
  korean: {
    male: [],
    female: [],
    families: ['Kim', 'Lee', 'Park', 'Choi', 'Jung', 'Kang', 'Cho', 'Yoon', 'Jang', 'Lim', 'Han', 'Oh', 'Seo', 'Shin', 'Kwon', 'Hwang', 'Ahn', 'Song', 'Yoo', 'Hong'],
    givenMale: ['Min', 'Jun', 'Seo', 'Ji', 'Hyun', 'Woo', 'Sung', 'Tae', 'Jae', 'Dong', 'Young', 'Hoon', 'Kyu', 'Seung', 'Joon', 'Ho'],
    givenFemale: ['Ji', 'Soo', 'Min', 'Yeon', 'Eun', 'Hye', 'Seo', 'Yu', 'Na', 'Ha', 'Jin', 'Ah', 'Bin', 'Rin'],
  },
  chinese: {
    male: [],
    female: [],
    families: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao', 'Wu', 'Zhou', 'Xu', 'Sun', 'Ma', 'Zhu', 'Hu', 'Guo', 'He', 'Lin', 'Gao', 'Luo'],
    givenMale: ['Wei', 'Hao', 'Jun', 'Lei', 'Yang', 'Peng', 'Tao', 'Bo', 'Chen', 'Jie', 'Long', 'Xin', 'Yu', 'Zhi', 'Kai', 'Ming'],
    givenFemale: ['Mei', 'Li', 'Ying', 'Xue', 'Jing', 'Fang', 'Yan', 'Lan', 'Hui', 'Qing', 'Na', 'Ting', 'Xia', 'Yu', 'Min', 'Rui'],
  },
  thai: {
    male: ['Anucha', 'Chanathip', 'Kritsada', 'Nattawut', 'Peeradon', 'Supachai', 'Teerasil', 'Weerathep', 'Theerathon', 'Sarach', 'Ekanit', 'Bordin'],
    female: ['Kanjana', 'Orathai', 'Pitsamai', 'Siriporn', 'Taneekarn', 'Waraporn', 'Nipawan', 'Janista', 'Silawan', 'Rattikan'],
    pre: ['Sri', 'Chai', 'Wong', 'Suk', 'Kit', 'Pong', 'Rat', 'Thana', 'Som', 'Bun', 'Phan', 'Wira'],
    post: ['sawat', 'wong', 'chai', 'pan', 'sakul', 'siri', 'rat', 'kul', 'thong', 'phon'],
  },
  indian: {
    male: ['Rahul', 'Sunil', 'Sahal', 'Anirudh', 'Sandesh', 'Gurpreet', 'Amrinder', 'Brandon', 'Manvir', 'Ashique', 'Akash', 'Vikram', 'Nikhil', 'Rohit', 'Lalremsanga', 'Jeakson'],
    female: ['Ashalata', 'Bala', 'Dangmei', 'Manisha', 'Sangita', 'Jyoti', 'Aditi', 'Ritu', 'Sweety', 'Priya', 'Anju', 'Kavitha'],
    pre: ['Shar', 'Sand', 'Pat', 'Red', 'Nai', 'Meh', 'Bhat', 'Cha', 'Gup', 'Mal', 'Jos', 'Nand', 'Kul', 'Bor', 'Lal'],
    post: ['ma', 'hu', 'el', 'dy', 'ar', 'ta', 'nia', 'an', 'hi', 'kar', 'ia', 'thanga', 'wal'],
  },
  uzbek: {
    male: ['Eldor', 'Jaloliddin', 'Otabek', 'Abbosbek', 'Dostonbek', 'Jasur', 'Khojimat', 'Odiljon', 'Sherzod', 'Rustam', 'Ulugbek', 'Bobur'],
    female: ['Dilnoza', 'Gulnora', 'Kamola', 'Madina', 'Nilufar', 'Sevara', 'Shahnoza', 'Zarina', 'Malika', 'Nodira'],
    pre: ['Abdu', 'Ergash', 'Jur', 'Kho', 'Mirza', 'Nor', 'Rakh', 'Shukur', 'Tash', 'Yusup', 'Kar', 'Alim', 'Bakh', 'Sobir'],
    post: ['ov', 'aev', 'ev', 'ullaev', 'imov', 'boev'],
    feminine: (s) => `${s}a`,
  },
  west_african: {
    male: ['Chinedu', 'Emeka', 'Tunde', 'Kelechi', 'Samuel', 'Victor', 'Ibrahim', 'Kwame', 'Kofi', 'Yaw', 'Daniel', 'Joseph', 'Musa', 'Ahmed', 'Ifeanyi', 'Segun', 'Godwin', 'Prince', 'Abdul', 'Michael'],
    female: ['Ngozi', 'Chioma', 'Funmilayo', 'Adaeze', 'Blessing', 'Grace', 'Rasheedat', 'Esther', 'Abena', 'Akosua', 'Ama', 'Mercy', 'Halima', 'Ifeoma', 'Tosin', 'Precious', 'Faith', 'Janet'],
    pre: ['Ade', 'Olu', 'Chi', 'Oko', 'Eze', 'Nwa', 'Ba', 'Ose', 'Afo', 'Boa', 'Aso', 'Kwa', 'Ama', 'Ofo', 'Obi', 'Ogun', 'Ani'],
    post: ['bayo', 'wale', 'ke', 'nye', 'chukwu', 'nna', 'nsah', 'ko', 'mah', 'teng', 'fo', 'ri', 'tunde', 'kwe', 'du', 'la'],
  },
  francophone_african: {
    male: ['Moussa', 'Ibrahima', 'Cheikh', 'Mamadou', 'Serge', 'Jean-Pierre', 'Yannick', 'Christian', 'Franck', 'Arsène', 'Aboubakar', 'Didier', 'Sékou', 'Ousmane', 'Landry', 'Patrick', 'Hervé', 'Lamine', 'Idrissa'],
    female: ['Aminata', 'Fatou', 'Awa', 'Mariama', 'Ndeye', 'Christelle', 'Gaëlle', 'Aïssata', 'Nadège', 'Raïssa', 'Grâce', 'Rokhaya', 'Bintou', 'Estelle', 'Josiane', 'Kadidia'],
    pre: ['Diall', 'Ndia', 'Kouya', 'Tra', 'Mben', 'Kon', 'Diom', 'Sa', 'Ngu', 'Kou', 'Mbo', 'Bam', 'Tou', 'Dia', 'Ek', 'Ya'],
    post: ['o', 'ye', 'té', 'oré', 'ma', 'ssi', 'ba', 'mba', 'ké', 'ndé', 'kou', 'go', 'lé', 'ra'],
  },
  southern_african: {
    male: ['Thabo', 'Sipho', 'Themba', 'Bongani', 'Lebo', 'Kagiso', 'Tshepo', 'Mandla', 'Lwazi', 'Teboho', 'Juma', 'Baraka', 'Hamisi', 'Neo', 'Sibusiso', 'Rethabile'],
    female: ['Thandiwe', 'Nomvula', 'Lerato', 'Zanele', 'Palesa', 'Ayanda', 'Refilwe', 'Busisiwe', 'Amani', 'Neema', 'Zawadi', 'Mpho', 'Karabo', 'Nandi'],
    pre: ['Mo', 'Nko', 'Dla', 'Ma', 'Shan', 'Khu', 'Zu', 'Mthe', 'Ngc', 'Ra', 'Se', 'Mwa', 'Ki', 'Mabu'],
    post: ['kena', 'si', 'mini', 'lungu', 'gwe', 'thwa', 'ma', 'mbu', 'bo', 'ngo', 'ela', 'twa', 'ko', 'ni'],
  },
};

export interface PersonName {
  readonly first: string;
  readonly last: string;
  readonly full: string;
}

function culture(name: string): Culture {
  const c = CULTURES[name];
  if (!c) throw new Error(`unknown culture ${name}`);
  return c;
}

/** A fictional name from a culture; `id` and `seed` make it deterministic. */
export function personName(
  seed: number,
  cultureName: string,
  female: boolean,
  id: number,
  salt = 0,
): PersonName {
  const c = culture(cultureName);
  const h1 = hash(seed, TAG.nameFirst, id, salt);
  const h2 = hash(seed, TAG.nameLast, id, salt);
  if (c.families) {
    const syllables = (female ? c.givenFemale : c.givenMale) ?? [];
    const a = pick(syllables, h1);
    const b = pick(syllables, h1 >>> 8).toLowerCase();
    const first = cultureName === 'korean' ? `${a}-${b}` : `${a}${b}`;
    const last = pick(c.families, h2);
    return { first, last, full: `${last} ${first}` };
  }
  const first = pick(female ? c.female : c.male, h1);
  let last = pick(c.pre ?? [], h2) + pick(c.post ?? [], h2 >>> 12);
  if (c.particles && (h2 >>> 24) % 5 === 0) last = pick(c.particles, h2 >>> 20) + last;
  if (female && c.feminine) last = c.feminine(last);
  return { first, last, full: `${first} ${last}` };
}
