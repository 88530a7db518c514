from momenta_cli.cli import main

main()
