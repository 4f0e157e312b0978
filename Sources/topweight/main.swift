import TopWeightCLI

TopWeightCommand.main()
