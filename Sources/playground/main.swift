import PlaygroundKit

PlaygroundCommand.main()
