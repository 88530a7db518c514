from momenta_cli.cli.app import main

main()
