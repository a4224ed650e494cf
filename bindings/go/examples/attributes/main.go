// Build sdy attributes without parsing text, and read them back.
//
//	go run ./examples/attributes [/path/to/libsdy_c.so]
package main

import (
	"fmt"
	"log"
	"os"

	"sdy"
)

func run() error {
	path := ""
	if len(os.Args) > 1 {
		path = os.Args[1]
	}
	lib, err := sdy.Open(path)
	if err != nil {
		return err
	}
	ctx, err := lib.NewContext()
	if err != nil {
		return err
	}
	defer ctx.Close()

	a, err := sdy.NewMeshAxisAttr(ctx, "a", 2)
	if err != nil {
		return err
	}
	b, err := sdy.NewMeshAxisAttr(ctx, "b", 4)
	if err != nil {
		return err
	}
	mesh, err := sdy.NewMeshAttr(ctx, []sdy.MeshAxisAttr{a, b}, nil)
	if err != nil {
		return err
	}
	fmt.Println(mesh)

	ref, err := sdy.NewAxisRefAttr(ctx, "a", sdy.SubAxisInfoAttr{})
	if err != nil {
		return err
	}
	rows, err := sdy.NewDimensionShardingAttr(ctx, []sdy.AxisRefAttr{ref}, true, -1)
	if err != nil {
		return err
	}
	cols, err := sdy.NewDimensionShardingAttr(ctx, nil, false, 0)
	if err != nil {
		return err
	}
	sharding, err := sdy.NewTensorShardingAttr(ctx, sdy.MeshRef{Name: "mesh"},
		[]sdy.DimensionShardingAttr{rows, cols}, nil, nil)
	if err != nil {
		return err
	}
	fmt.Println(sharding)

	// Every part reads back.
	if mesh.Axes()[1].Size() != 4 || sharding.Dims()[0].Axes()[0].Name() != "a" || sharding.Dims()[1].Priority() != 0 {
		return fmt.Errorf("read back differs")
	}
	fmt.Println("OK")
	return nil
}

func main() {
	if err := run(); err != nil {
		log.Fatal(err)
	}
}
