import TopWeightCLI

TopWeightBoardCommand.main(serving: HummingbirdBoard())
