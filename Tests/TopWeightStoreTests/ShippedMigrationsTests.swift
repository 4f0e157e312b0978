import Testing
@testable import TopWeightPostgres

/// A shipped migration is never edited: what each one sends to a PostgreSQL
/// server stays, byte for byte, what it sent when it shipped, however its
/// Swift is arranged. Each is pinned by a 64-bit FNV-1a of its statements
/// (a check against accidents, not against anyone).
@Suite("Shipped PostgreSQL migrations")
struct ShippedMigrationsTests {
    static let pinned: [String: UInt64] = [
        "v1": 0x63e2_4a3e_c553_7cf8, "v2": 0x3c95_cfcd_19b8_aff7, "v3": 0x18b9_ed1a_8121_db61,
        "v4": 0xf61d_bf5f_7dc6_a555, "v5": 0x71c6_e88d_5f4f_68db, "v6": 0x0b1f_c31f_f344_38f5,
        "v7": 0x9980_1f85_2910_4be0, "v8": 0x5774_57c8_7b3f_f3d0, "v9": 0x1801_53be_1b0e_6a09,
        "v10": 0x3394_84f7_6b61_b997, "v11": 0x769b_3b87_877c_ea79, "v12": 0x0298_1c9a_9f1b_21c0,
        "v13": 0xd069_5e33_f447_6870, "v14": 0x8620_6de4_dd83_cb3d, "v15": 0x4a9f_da18_7b5c_7592,
        "v16": 0xcbf2_9ce4_8422_2325, "v17": 0xcbf2_9ce4_8422_2325, "v18": 0xcbf2_9ce4_8422_2325,
        "v19": 0x49b3_0b61_44c6_f42c, "v21": 0x5a13_17d3_2d9a_fbd8, "v22": 0xf3ed_dc44_f814_cf91, "v23": 0x9057_e632_5895_1f78,
        "v24": 0x6ab7_0bab_95b5_a673, "v25": 0x9ef1_a470_01e3_6ca3,
        "v26": 0xc64f_372b_9150_f762,
    ]

    static func digest(_ statements: [String]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in statements.joined(separator: "\u{0}").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    @Test("every shipped migration sends exactly what it sent when it shipped")
    func unchanged() {
        #expect(Set(PostgresSchema.migrations.map(\.identifier)) == Set(Self.pinned.keys), "a new migration is pinned here when it ships")
        for migration in PostgresSchema.migrations {
            let digest = Self.digest(migration.statements)
            #expect(Self.pinned[migration.identifier] == digest, "\(migration.identifier) changed")
        }
    }
}
