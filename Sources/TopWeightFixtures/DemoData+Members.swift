/// The members: plausible names from many places, shuffled by the seed.
extension DemoData {
    static let firstNames = [
        "Ana", "Ben", "Carla", "Dario", "Elena", "Farid", "Greta", "Hugo", "Ines", "Jonas",
        "Karin", "Liam", "Marta", "Nico", "Olga", "Pablo", "Quinn", "Rosa", "Sami", "Tess",
        "Uma", "Viktor", "Wen", "Ximena", "Yusuf", "Zoë", "Amir", "Bea", "Chloé", "Dmitri",
        "Emma", "Felix", "Gabriel", "Hana", "Ivan", "Julia", "Kofi", "Lena", "Mateo", "Nora",
        "Oskar", "Priya", "Rafael", "Sofia", "Tomás", "Ulla", "Valentina", "William", "Yara", "Zeynep",
        "Aiko", "Björn", "Camille", "Diego", "Esther", "Fatima", "Giulia", "Henrik", "Iñaki", "Jana",
        "Kenji", "Laila", "Marco", "Nadia", "Omar", "Paula", "Renée", "Søren", "Teodora", "Ugo",
        "Vera", "Wojciech", "Xavier", "Yasmin", "Zofia", "Adrian", "Bruno", "Clara", "Daniel", "Eva",
        "Łukasz", "Maria", "Mei", "Noah", "Olivia", "Pedro", "Sara", "Tariq", "Lucía", "José",
        "Дарья", "Νίκος", "美咲", "Małgorzata", "Jürgen", "Anaïs", "Siobhán", "Kalani", "Thandiwe", "Mathilde",
    ]

    static let lastNames = [
        "Silva", "Meyer", "Rossi", "Novak", "García", "Kowalski", "Jensen", "Dubois", "Müller", "Costa",
        "Nakamura", "Okafor", "Haddad", "Ivanova", "Larsen", "Moreau", "Nguyen", "Oliveira", "Petrov", "Quispe",
        "Romero", "Schmidt", "Tanaka", "Urban", "Varga", "Weber", "Yilmaz", "Zhang", "Andersson", "Bianchi",
        "Chen", "Dahl", "Eriksen", "Fischer", "Gómez", "Horvat", "Ito", "Jovanović", "Kim", "Lopez",
        "Martin", "Nielsen", "O'Brien", "Park", "Ramos", "Santos", "Torres", "Ulrich", "Vasquez", "Wagner",
        "Young", "Ziegler", "Abara", "Brennan", "Castillo", "Dupont", "Esposito", "Ferreira", "Grünberg", "Hansen",
        "Ibrahim", "Jaramillo", "Keller", "Lindqvist", "Mendes", "Nowak", "Ortega", "Papadopoulos", "Reyes", "Sørensen",
        "Takahashi", "Uchida", "Vogel", "Walsh", "Xu", "Yamamoto", "Zapata", "Acosta", "Berg", "Carvalho",
        "Diallo", "Engel", "Flores", "Gallo", "Herrera", "Ilić", "Johansson", "Koch", "Lambert", "Moretti",
        "Navarro", "Oyelaran", "Pereira", "Richter", "Smith", "Toivonen", "Umarov", "Vidal", "Wolff", "Zimmermann",
    ]

    /// `count` distinct member names ("First Last"), shuffled by `random`;
    /// past the 10 000 pairs, a number tells namesakes apart ("Ana Silva 2").
    static func memberNames(count: Int, random: inout SplitMix64) -> [String] {
        let pairs = firstNames.count * lastNames.count
        var order = Array(0..<pairs)
        order.shuffle(using: &random)
        var names: [String] = []
        names.reserveCapacity(count)
        var round = 1
        while names.count < count {
            for pair in order where names.count < count {
                let name = "\(firstNames[pair / lastNames.count]) \(lastNames[pair % lastNames.count])"
                names.append(round == 1 ? name : "\(name) \(round)")
            }
            round += 1
        }
        return names
    }
}
